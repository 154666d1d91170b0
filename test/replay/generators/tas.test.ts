import { describe, expect, it } from 'vitest';
import { TAS_PARSERS } from '../../../sources/tas/index.js';
import {
  tasAlertStatusOf,
  tasAlertTypeNameOf,
  tasAlertWarningLevelOf,
} from '../../../sources/tas/tasalert-vocabulary.js';
import { tfsEventTypeOf, tfsStatusOf, tfsWarningLevelOf } from '../../../sources/tas/tfs-vocabulary.js';
import { TAS_FEEDS } from '../../../config/feeds/tas.js';
import type { IncidentDraft, ParseResult } from '../../../model/index.js';
import {
  alertAreaRing,
  syntheticTasIncidents,
  TAS_FIRE_PROGRESSION,
  TAS_GENERATORS,
  tasAlertTypeName,
  tasAlertWarningId,
  tasIncidentsAt,
  tfsAlertAreaId,
} from '../../../replay/generators/tas.js';
import type { RenderOptions } from '../../../replay/generators/types.js';

const MINUTE = 60_000;
const OFFSET = /[+-]\d\d:\d\d$/;
const summer = (tick: number, count = 300): RenderOptions => ({
  count,
  seed: 11,
  tick,
  startedAt: new Date('2026-01-15T03:00:00Z'),
  tickMs: 90_000,
});
const winter = (tick: number, count = 300): RenderOptions => ({
  ...summer(tick, count),
  startedAt: new Date('2026-07-15T03:00:30Z'),
});

function render(format: string, options: RenderOptions): ParseResult {
  const generator = TAS_GENERATORS.find((candidate) => candidate.format === format);
  const parse = TAS_PARSERS[format];
  if (!generator || !parse) throw new Error(`no generator or parser for ${format}`);
  return parse(new TextEncoder().encode(generator.render(options)));
}

function index(result: ParseResult): Map<string, IncidentDraft> {
  return new Map(result.incidents.map((draft) => [draft.id, draft]));
}

const floorToMinute = (date: Date): number => Math.floor(date.getTime() / MINUTE) * MINUTE;
const floorToSecond = (date: Date): number => Math.floor(date.getTime() / 1000) * 1000;

describe('TAS generators', () => {
  it('cover every TAS catalogue format', () => {
    expect(TAS_GENERATORS.map((generator) => generator.format).toSorted()).toEqual(
      TAS_FEEDS.map((feed) => feed.format).toSorted(),
    );
  });

  it('are deterministic for a seed and vary with it', () => {
    for (const generator of TAS_GENERATORS) {
      expect(generator.render(summer(3, 20))).toBe(generator.render(summer(3, 20)));
      expect(generator.render(summer(3, 20))).not.toBe(generator.render({ ...summer(3, 20), seed: 12 }));
    }
    const pool = syntheticTasIncidents(500, 4);
    expect(new Set(pool.map((incident) => incident.type)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(pool.map((incident) => incident.alertLevel)).size).toBe(4);
    expect(pool.filter((incident) => incident.ring).length).toBeGreaterThan(20);
    expect(pool.filter((incident) => incident.warned).length).toBeGreaterThan(20);
  });

  it('round-trips TasALERT data.geojson: warnings, nested incidents, burnt areas, ids, statuses, times', () => {
    for (const options of [summer(5), winter(5)]) {
      const result = render('tas-tasalert-data-geojson', options);
      expect(result.unmapped).toEqual([]);
      expect(result.dropped).toEqual([]);
      const drafts = index(result);
      const expected = tasIncidentsAt(options);
      for (const incident of expected) {
        const id = `tas-tasalert-${incident.number}`;
        const draft = drafts.get(id);
        expect(draft, id).toMatchObject({
          featureType: 'incident',
          status: tasAlertStatusOf(incident.currentStatus),
          eventType: tasAlertTypeNameOf(tasAlertTypeName(incident)),
          warningLevel: 'none',
          geometry: { type: 'Point', coordinates: [incident.lng, incident.lat] },
          details: { status_raw: incident.currentStatus },
        });
        expect(Date.parse(draft?.timestamps.reported ?? ''), id).toBe(incident.reported.getTime());
        expect(Date.parse(draft?.timestamps.updated ?? ''), id).toBe(floorToSecond(incident.updated));
        expect(draft?.timestamps.updated).toMatch(OFFSET);
        expect(drafts.has(`${id}-area`), id).toBe(Boolean(incident.warned && incident.ring));
        if (!incident.warned) continue;
        const warningId = `tas-tasalert-${tasAlertWarningId(incident)}`;
        expect(drafts.get(warningId), warningId).toMatchObject({
          featureType: 'incident',
          warningLevel: tasAlertWarningLevelOf(incident.alertLevel),
          status: tasAlertStatusOf(incident.currentStatus),
          details: { incident_id: id },
        });
      }
      const warned = expected.filter((incident) => incident.warned);
      const areas = warned.filter((incident) => incident.ring);
      expect(result.incidents).toHaveLength(expected.length + warned.length + areas.length);
      expect(warned.length).toBeGreaterThan(0);
      expect(areas.length).toBeGreaterThan(0);
    }
  });

  it('round-trips the TFS incidents KML', () => {
    for (const options of [summer(7), winter(7)]) {
      const result = render('tas-tfs-incidents-kml', options);
      expect(result.unmapped).toEqual([]);
      const drafts = index(result);
      const expected = tasIncidentsAt(options);
      expect(result.incidents).toHaveLength(expected.length);
      for (const incident of expected) {
        const id = `tas-tfs-${incident.number}`;
        const draft = drafts.get(id);
        expect(draft, id).toMatchObject({
          status: tfsStatusOf(incident.currentStatus),
          eventType: tfsEventTypeOf(incident.type),
          warningLevel: tfsWarningLevelOf(incident.alertLevel),
          geometry: { type: 'Point', coordinates: [incident.lng, incident.lat] },
          location: { address: `${incident.road}, ${incident.locality}`, suburb: incident.locality },
          details: {
            cad_id: String(incident.number),
          },
        });
        expect(draft?.details.size_ha, id).toBe(
          incident.sizeHa === undefined ? undefined : Math.round(incident.sizeHa),
        );
        // bfKml writes minutes, in Hobart wall-clock time.
        expect(Date.parse(draft?.timestamps.updated ?? ''), id).toBe(floorToMinute(incident.updated));
        expect(Date.parse(draft?.timestamps.reported ?? ''), id).toBe(incident.reported.getTime());
      }
      const offset = options.startedAt.getUTCMonth() === 0 ? '+11:00' : '+10:00';
      for (const draft of result.incidents) expect(draft.timestamps.updated.slice(-6)).toBe(offset);
    }
  });

  it('round-trips the TFS alert areas KML: a warning record at the centroid and its warning_area', () => {
    const options = summer(2, 50);
    const result = render('tas-tfs-alert-areas-kml', options);
    expect(result.unmapped).toEqual([]);
    const drafts = index(result);
    for (const incident of tasIncidentsAt(options)) {
      const id = `tas-tfs-alert-${tfsAlertAreaId(incident)}`;
      expect(drafts.get(id), id).toMatchObject({
        featureType: 'incident',
        warningLevel: tfsWarningLevelOf(incident.alertLevel),
        details: { incident_id: `tas-tfs-${incident.number}` },
      });
      expect(drafts.get(`${id}-warning`), id).toMatchObject({
        featureType: 'warning_area',
        parentId: id,
        geometry: { type: 'Polygon', coordinates: [alertAreaRing(incident)] },
      });
    }
  });

  it('moves on each tick: one incident ends, one starts, fire statuses progress', () => {
    for (const generator of TAS_GENERATORS) {
      const points = (tick: number): string[] =>
        render(generator.format, summer(tick, 30))
          .incidents.filter((draft) => draft.featureType === 'incident')
          .map((draft) => draft.id);
      const [before, after] = [new Set(points(4)), new Set(points(5))];
      expect([...before].filter((id) => !after.has(id)).length, generator.format).toBeGreaterThan(0);
      expect([...after].filter((id) => !before.has(id)).length, generator.format).toBeGreaterThan(0);
    }
    // An entry near the end of the first window stays visible for several ticks.
    const fire = syntheticTasIncidents(30, summer(0).seed).findLast(
      (incident) => incident.isFire && incident.index >= 20,
    );
    expect(fire).toBeDefined();
    const statuses = [0, 1, 2, 3, 4].map(
      (tick) =>
        tasIncidentsAt(summer(tick, 30)).find((incident) => incident.index === fire?.index)?.currentStatus,
    );
    expect(statuses).toEqual([...TAS_FIRE_PROGRESSION, 'Patrol']);
  });

  for (const generator of TAS_GENERATORS) {
    it(`${generator.format}: renders 5,000 incidents quickly, and they parse with no unmapped value`, () => {
      const started = performance.now();
      const body = generator.render(summer(1, 5_000));
      const renderMs = performance.now() - started;
      const result = TAS_PARSERS[generator.format]!(new TextEncoder().encode(body));
      expect(result.unmapped).toEqual([]);
      expect(
        result.incidents.filter((draft) => draft.featureType === 'incident').length,
      ).toBeGreaterThanOrEqual(5_000);
      // Generous bound (2 shared cores): generation must stay linear and cheap, not a benchmark.
      expect(renderMs).toBeLessThan(15_000);
    });
  }
});
