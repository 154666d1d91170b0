import { describe, expect, it } from 'vitest';
import { SA_PARSERS } from '../../../sources/sa/index.js';
import { statusOf, eventTypeOf } from '../../../sources/sa/criimson-vocabulary.js';
import { warningLevelOf } from '../../../sources/sa/cfs-warning-vocabulary.js';
import { SA_FEEDS } from '../../../config/feeds/sa.js';
import type { IncidentDraft, ParseResult } from '../../../model/index.js';
import {
  renderCfsCurrentIncidents,
  renderCfsWarningPoints,
  renderCriimsonPlacemarks,
  SA_GENERATORS,
  syntheticSaIncidents,
  syntheticSaWarnings,
  type SyntheticAgency,
  type SyntheticSaIncident,
} from '../../../replay/generators/sa.js';
import type { RenderOptions } from '../../../replay/generators/types.js';

/** Summer (Adelaide +10:30) and winter (+09:30) starts. */
const SUMMER = new Date('2026-01-10T02:00:00Z');
const WINTER = new Date('2026-06-10T02:00:00Z');
const options = (overrides: Partial<RenderOptions> = {}): RenderOptions => ({
  count: 300,
  seed: 11,
  tick: 0,
  startedAt: SUMMER,
  tickMs: 5 * 60_000,
  ...overrides,
});

const parse = (format: string, body: string): ParseResult =>
  SA_PARSERS[format]!(new TextEncoder().encode(body));

function expectedId(incident: SyntheticSaIncident): string {
  return `sa-${incident.region === 'MFS' ? 'mfs' : 'cfs'}-${incident.incidentNo}`;
}

function checkRoundTrip(result: ParseResult, generated: SyntheticSaIncident[]): void {
  expect(result.unmapped).toEqual([]);
  expect(result.dropped).toEqual([]);
  const byId = new Map<string, IncidentDraft>(result.incidents.map((draft) => [draft.id, draft]));
  expect(byId.size).toBe(generated.length);
  for (const incident of generated) {
    const id = expectedId(incident);
    const draft = byId.get(id);
    expect(draft, id).toMatchObject({
      featureType: 'incident',
      eventType: eventTypeOf(incident.type),
      status: statusOf(incident.status),
      warningLevel: 'none',
      title: `${incident.street}, ${incident.suburb}`,
      geometry: { type: 'Point', coordinates: [incident.lng, incident.lat] },
      location: { suburb: incident.suburb, state: 'sa' },
      details: { type: incident.type, status_raw: incident.status, region: incident.region },
    });
    expect(Date.parse(draft?.timestamps.reported ?? ''), id).toBe(incident.reportedAt.getTime());
    expect(draft?.timestamps.updated).toBe(draft?.timestamps.reported);
  }
}

describe('SA generators', () => {
  it('cover every SA catalogue format, and nothing else', () => {
    expect(SA_GENERATORS.map((generator) => generator.format).sort()).toEqual(
      SA_FEEDS.map((feed) => feed.format).sort(),
    );
  });

  it('are deterministic and vary with the seed', () => {
    for (const generator of SA_GENERATORS) {
      expect(generator.render(options({ tick: 4 }))).toBe(generator.render(options({ tick: 4 })));
      expect(generator.render(options({ seed: 12 }))).not.toBe(generator.render(options()));
    }
  });

  it('round-trip the CFS JSON: ids, statuses, types, times, "lat,lon" both ways', () => {
    const generated = syntheticSaIncidents('cfs', options());
    const body = renderCfsCurrentIncidents(generated);
    expect(/"Location":"-\d+\.\d+, \d+\.\d+"/.test(body)).toBe(true);
    expect(/"Location":"-\d+\.\d+,\d+\.\d+"/.test(body)).toBe(true);
    const result = parse('sa-cfs-current-incidents-json', body);
    checkRoundTrip(result, generated);
    for (const incident of generated) {
      const draft = result.incidents.find((candidate) => candidate.id === expectedId(incident));
      expect(draft?.details).toMatchObject({ level: incident.level, resources: incident.resources });
    }
    expect(new Set(result.incidents.map((draft) => draft.source.agency))).toEqual(new Set(['cfs', 'mfs']));
  });

  it.each(['cfs', 'mfs'] as SyntheticAgency[])('round-trip the %s placemarks', (agency) => {
    const generated = syntheticSaIncidents(agency, options());
    const result = parse(`sa-${agency}-incident-placemark-kml`, renderCriimsonPlacemarks(agency, generated));
    checkRoundTrip(result, generated);
    if (agency === 'mfs') expect(result.incidents.every((draft) => draft.source.agency === 'mfs')).toBe(true);
  });

  it('give the same incident the same id in the CFS JSON and the CFS placemarks', () => {
    const generated = syntheticSaIncidents('cfs', options({ count: 50 }));
    const json = parse('sa-cfs-current-incidents-json', renderCfsCurrentIncidents(generated));
    const kml = parse('sa-cfs-incident-placemark-kml', renderCriimsonPlacemarks('cfs', generated));
    expect(kml.incidents.map((draft) => draft.id)).toEqual(json.incidents.map((draft) => draft.id));
  });

  it('round-trip the warning points: ids, levels, times', () => {
    const generated = syntheticSaWarnings(options({ tick: 7, count: 40 }));
    const result = parse('sa-cfs-warning-points-geojson', renderCfsWarningPoints(generated));
    expect(result.unmapped).toEqual([]);
    expect(result.incidents.map((draft) => draft.id)).toEqual(
      generated.map((warning) => `sa-cfs-warning-${warning.incidentId}`),
    );
    result.incidents.forEach((draft, i) => {
      const warning = generated[i]!;
      expect(draft).toMatchObject({
        warningLevel: warningLevelOf(warning.level),
        title: warning.title,
        status: 'active',
        geometry: { type: 'Point', coordinates: [warning.lng, warning.lat] },
      });
      expect(Date.parse(draft.timestamps.updated)).toBe(warning.editedAt.getTime());
      expect(Date.parse(draft.timestamps.reported)).toBe(warning.createdAt.getTime());
    });
    expect(new Set(result.incidents.map((draft) => draft.warningLevel))).toEqual(
      new Set(['advice', 'watch_and_act', 'emergency_warning']),
    );
  });

  it('move statuses on with the ticks, one incident ending and one starting per tick', () => {
    const at = (tick: number) => syntheticSaIncidents('cfs', options({ count: 100, tick }));
    const first = at(0);
    const later = at(1);
    expect(later[0]?.incidentNo).toBe(first[1]?.incidentNo);
    expect(later.at(-1)?.incidentNo).not.toBe(first.at(-1)?.incidentNo);
    const statusesOfOne = [0, 1, 2, 3, 4, 5].map((tick) => at(tick)[5 - Math.min(tick, 5)]!);
    expect(new Set(statusesOfOne.map((incident) => incident.incidentNo)).size).toBe(1);
    expect(new Set(statusesOfOne.map((incident) => incident.status)).size).toBeGreaterThan(1);
  });

  it('write Adelaide times with the offset of the season', () => {
    for (const [startedAt, offset] of [
      [SUMMER, '+10:30'],
      [WINTER, '+09:30'],
    ] as const) {
      const { incidents } = parse(
        'sa-cfs-incident-placemark-kml',
        SA_GENERATORS[1]!.render(options({ startedAt, count: 20 })),
      );
      for (const draft of incidents) expect(draft.timestamps.reported.endsWith(offset)).toBe(true);
    }
  });

  it('render and parse 5,000 incidents per format quickly', () => {
    for (const generator of SA_GENERATORS) {
      const started = performance.now();
      const body = generator.render(options({ count: 5_000, tick: 40 }));
      const renderMs = performance.now() - started;
      const result = parse(generator.format, body);
      expect(result.unmapped, generator.format).toEqual([]);
      expect(result.incidents.filter((draft) => draft.featureType === 'incident')).toHaveLength(5_000);
      expect(renderMs, generator.format).toBeLessThan(10_000);
    }
  });
});
