import { describe, expect, it } from 'vitest';
import { parseWaDfesV1Incidents, parseWaDfesV1Warnings } from '../../../sources/wa/dfes-v1.js';
import { eventTypeOf, statusOf, warningTypeOf } from '../../../sources/wa/dfes-vocabulary.js';
import { WA_PARSERS } from '../../../sources/wa/index.js';
import { WA_FEEDS } from '../../../config/feeds/wa.js';
import type { IncidentDraft } from '../../../model/index.js';
import type { RenderOptions } from '../../../replay/generators/types.js';
import {
  renderWaIncidents,
  renderWaWarnings,
  syntheticWaIncidents,
  syntheticWaWarnings,
  WA_GENERATORS,
} from '../../../replay/generators/wa.js';

const startedAt = new Date('2026-11-20T00:00:00Z');
const options = (tick: number, count = 300, seed = 11): RenderOptions => ({
  count,
  seed,
  tick,
  startedAt,
  tickMs: 60_000,
});
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const points = (drafts: IncidentDraft[]): IncidentDraft[] =>
  drafts.filter((d) => d.featureType === 'incident');

describe('WA generators (Emergency WA API v1)', () => {
  it('has one generator per WA catalogue format, deterministic for given options', () => {
    expect(WA_GENERATORS.map((generator) => generator.format).sort()).toEqual(
      WA_FEEDS.map((feed) => feed.format).sort(),
    );
    for (const generator of WA_GENERATORS) {
      expect(generator.render(options(4))).toBe(generator.render(options(4)));
      expect(generator.render(options(4))).not.toBe(generator.render(options(4, 300, 12)));
      const { incidents, unmapped } = WA_PARSERS[generator.format]!(encode(generator.render(options(0))));
      expect(unmapped).toEqual([]);
      expect(points(incidents)).toHaveLength(300);
    }
  });

  it('round-trips incident ids, types, statuses, times and areas through the parser', () => {
    const generated = syntheticWaIncidents(options(7));
    const { incidents, unmapped, dropped } = parseWaDfesV1Incidents(encode(renderWaIncidents(generated)));
    expect(unmapped).toEqual([]);
    expect(dropped).toEqual([]);
    const byId = new Map(incidents.map((draft) => [draft.id, draft]));
    for (const incident of generated) {
      const id = `wa-dfes-${incident.cadId}`;
      const draft = byId.get(id);
      expect(draft, id).toMatchObject({
        featureType: 'incident',
        title: `${incident.type} - ${incident.place.suburb}`,
        eventType: eventTypeOf(incident.type),
        status: statusOf(incident.status),
        geometry: { type: 'Point', coordinates: [incident.place.lng, incident.place.lat] },
        location: { suburb: incident.place.suburb, lga: incident.place.lga },
        details: { status_raw: incident.status, cad_id: incident.cadId, source_id: incident.id },
      });
      expect(Date.parse(draft?.timestamps.reported ?? ''), id).toBe(incident.started.getTime());
      expect(Date.parse(draft?.timestamps.updated ?? ''), id).toBe(incident.updated.getTime());
      expect(draft?.timestamps.updated).toMatch(/\+08:00$/);
      const area = byId.get(`${id}-area`);
      if (incident.rings.length === 0) expect(area, id).toBeUndefined();
      else expect(area?.geometry?.type).toBe(incident.rings.length === 1 ? 'Polygon' : 'MultiPolygon');
    }
    expect(new Set(generated.map((incident) => incident.utcTimes))).toEqual(new Set([true, false]));
  });

  it('round-trips warning ids, levels, times and areas through the parser', () => {
    const generated = syntheticWaWarnings(options(9));
    const { incidents, unmapped } = parseWaDfesV1Warnings(encode(renderWaWarnings(generated)));
    expect(unmapped).toEqual([]);
    const byId = new Map(incidents.map((draft) => [draft.id, draft]));
    for (const warning of generated) {
      const id = `wa-dfes-${warning.id}`;
      const reading = warningTypeOf(`${warning.hazard} ${warning.level}`);
      expect(byId.get(id), id).toMatchObject({
        eventType: eventTypeOf(warning.hazard),
        warningLevel: reading?.warningLevel,
        status: reading?.status,
        geometry: { type: 'Point', coordinates: [warning.place.lng, warning.place.lat] },
      });
      expect(Date.parse(byId.get(id)?.timestamps.reported ?? ''), id).toBe(warning.published.getTime());
      expect(Date.parse(byId.get(id)?.timestamps.updated ?? ''), id).toBe(warning.updated.getTime());
      expect(byId.has(`${id}-warning`), id).toBe(warning.rings.length > 0);
    }
    const levels = new Set(points(incidents).map((draft) => draft.warningLevel));
    expect(levels).toEqual(new Set(['advice', 'watch_and_act', 'emergency_warning', 'none']));
  });

  it('moves on each tick: one record ends, one starts, statuses and levels progress', () => {
    for (const generator of WA_GENERATORS) {
      const parse = WA_PARSERS[generator.format]!;
      const at = (tick: number) => points(parse(encode(generator.render(options(tick, 50)))).incidents);
      const [before, after] = [at(5), at(6)];
      const ids = (drafts: IncidentDraft[]) => new Set(drafts.map((draft) => draft.id));
      expect([...ids(before)].filter((id) => !ids(after).has(id))).toHaveLength(1);
      expect([...ids(after)].filter((id) => !ids(before).has(id))).toHaveLength(1);
      const changed = after.filter((draft) => {
        const earlier = before.find((other) => other.id === draft.id);
        return earlier && (earlier.status !== draft.status || earlier.warningLevel !== draft.warningLevel);
      });
      expect(changed.length, generator.format).toBeGreaterThan(0);
    }
  });

  it('renders and parses 5,000 records per format', () => {
    for (const generator of WA_GENERATORS) {
      const started = performance.now();
      const body = generator.render(options(3, 5_000));
      const renderMs = performance.now() - started;
      const { incidents, unmapped } = WA_PARSERS[generator.format]!(encode(body));
      expect(unmapped).toEqual([]);
      expect(points(incidents)).toHaveLength(5_000);
      // Generous bound: generation must stay linear and cheap, this is not a benchmark.
      expect(renderMs).toBeLessThan(10_000);
    }
  });
});
