import { describe, expect, it } from 'vitest';
import { eventTypeOfCapAuEventCode } from '../../../sources/common/cap-au.js';
import { parseVicEmvEvents } from '../../../sources/vic/emv-events.js';
import { eventTypeOfCategory2, statusOf, warningLevelOf } from '../../../sources/vic/emv-vocabulary.js';
import type { IncidentDraft, ParseResult } from '../../../model/index.js';
import type { RenderOptions } from '../../../replay/generators/types.js';
import {
  eventAtAge,
  VIC_GENERATORS,
  WARNING_CLEARS_AFTER,
  WARNING_EASES_AFTER,
} from '../../../replay/generators/vic.js';
import {
  renderVicEvents,
  STATUS_PROGRESSIONS,
  syntheticVicEvents,
  type SyntheticVicEvent,
} from '../../../replay/generators/vic-emv.js';

const [generator] = VIC_GENERATORS;
const startedAt = new Date('2026-01-09T08:00:00Z');
const options = (tick: number, count = 40, seed = 11): RenderOptions => ({
  count,
  seed,
  tick,
  startedAt,
  tickMs: 60_000,
});
const parse = (body: string): ParseResult => parseVicEmvEvents(new TextEncoder().encode(body));
const render = (tick: number, count = 40): ParseResult => parse(generator!.render(options(tick, count)));

function expectedId(event: SyntheticVicEvent): string | undefined {
  switch (event.kind) {
    case 'cfa':
    case 'frv':
    case 'ses':
    case 'esta':
    case 'ffmvic':
      return `vic-${event.kind}-${event.sourceId}`;
    case 'burn':
      return `vic-ffmvic-burn-${event.sourceId}`;
    case 'warning':
      return `vic-emv-${event.sourceId}`;
    case 'bom':
      return `vic-bom-IDV20600-${event.sourceId.toString(16).padStart(32, '0')}`;
    case 'rfs':
      return undefined;
  }
}

const points = (result: ParseResult): IncidentDraft[] =>
  result.incidents.filter((draft) => draft.featureType === 'incident');

describe('synthetic VicEmergency events-geojson.json', () => {
  it('is the catalogue format, deterministic for a seed and varies with it', () => {
    expect(VIC_GENERATORS.map((g) => g.format)).toEqual(['vic-emv-events-geojson']);
    expect(generator!.render(options(3))).toBe(generator!.render(options(3)));
    expect(generator!.render(options(3))).not.toBe(generator!.render(options(3, 40, 12)));
    expect(syntheticVicEvents(50, 1)).toEqual(syntheticVicEvents(50, 1));
  });

  it('mixes agencies, warning levels and geometries the way the real feed does', () => {
    const events = syntheticVicEvents(600, 3);
    const kinds = new Set(events.map((event) => event.kind));
    expect(kinds).toEqual(new Set(['cfa', 'frv', 'ses', 'esta', 'ffmvic', 'burn', 'warning', 'bom', 'rfs']));
    const levels = new Set(events.flatMap((event) => (event.warning ? [event.warning.level] : [])));
    expect(levels.size).toBe(4);
    expect(events.filter((event) => (event.polygons?.length ?? 0) > 1).length).toBeGreaterThan(5);
    expect(events.some((event) => event.pointLast)).toBe(true);
    for (const event of events.filter((e) => e.kind !== 'rfs')) {
      expect(event.lng > 141 && event.lng < 150 && event.lat > -39 && event.lat < -34).toBe(true);
    }
  });

  it('round-trips ids, vocabulary, times and geometry through the parser', () => {
    const generated = syntheticVicEvents(500, 42);
    const { incidents, unmapped, dropped = [] } = parse(renderVicEvents(generated, startedAt));
    expect(unmapped).toEqual([]);
    const copies = generated.filter((event) => event.kind === 'rfs');
    expect(dropped).toEqual(
      copies.map((event) => ({ reason: 'republished', upstreamId: String(event.sourceId) })),
    );
    const byId = new Map(incidents.map((draft) => [draft.id, draft]));

    for (const event of generated) {
      const id = expectedId(event);
      if (!id) continue;
      const draft = byId.get(id);
      const warning = event.warning;
      expect(draft, id).toMatchObject({
        featureType: 'incident',
        status: statusOf(event.status, warning ? 'warning' : 'incident'),
        eventType: warning
          ? eventTypeOfCapAuEventCode(warning.cap.eventCode)
          : eventTypeOfCategory2(event.category2),
        warningLevel: warning ? warningLevelOf(warning.level) : 'none',
        geometry: { type: 'Point', coordinates: [event.lng, event.lat] },
        location: { state: 'vic' },
      });
      if (warning) {
        expect(draft?.title).toBe(`${warning.name} - ${warning.cap.event} - ${warning.incidentLocation}`);
        expect(draft).toMatchObject({
          severity: warning.cap.severity,
          urgency: warning.cap.urgency,
          certainty: warning.cap.certainty,
          location: { address: warning.localities },
        });
      } else if (event.kind !== 'bom') {
        expect(draft?.title).toBe(event.location);
      }
      // CAD times carry milliseconds; served times are whole seconds.
      expect(Date.parse(draft?.timestamps.updated ?? ''), id).toBe(
        Math.floor(event.updated.getTime() / 1000) * 1000,
      );
      expect(Date.parse(draft?.timestamps.reported ?? ''), id).toBe(event.created.getTime());

      const areaType = warning || event.kind === 'bom' ? 'warning' : 'area';
      const area = byId.get(`${id}-${areaType}`);
      if (!event.polygons) {
        expect(area, id).toBeUndefined();
        continue;
      }
      expect(area?.parentId).toBe(id);
      expect(area?.geometry).toEqual(
        event.polygons.length === 1
          ? { type: 'Polygon', coordinates: event.polygons[0] }
          : { type: 'MultiPolygon', coordinates: event.polygons },
      );
    }
    const kept = generated.filter((event) => event.kind !== 'rfs');
    expect(incidents).toHaveLength(kept.length + kept.filter((event) => event.polygons).length);
  });

  it('moves on each tick: one incident ends, one starts, nothing unmapped', () => {
    let previous = new Set(points(render(0)).map((draft) => draft.id));
    for (let tick = 1; tick <= 6; tick += 1) {
      const result = render(tick);
      expect(result.unmapped).toEqual([]);
      expect(new Set(result.dropped.map((record) => record.reason))).toEqual(new Set(['republished']));
      const ids = new Set(points(result).map((draft) => draft.id));
      expect([...previous].filter((id) => !ids.has(id)).length).toBeLessThanOrEqual(1);
      expect([...ids].filter((id) => !previous.has(id)).length).toBeLessThanOrEqual(1);
      expect(ids).not.toEqual(previous);
      previous = ids;
    }
  });

  it('progresses statuses with age: incidents toward safe or completed, warnings to Advice then All Clear', () => {
    const pool = syntheticVicEvents(80, 9);
    const cfa = pool.find((event) => event.kind === 'cfa')!;
    const statuses = [0, 1, 2, 3, 4, 9].map((age) => eventAtAge(cfa, age, 0, options(0)).status);
    expect(statuses).toEqual([...STATUS_PROGRESSIONS.cfa, 'Safe']);

    const warning = pool.find((event) => event.warning && event.warning.level !== 'Advice')!;
    const parsedAt = (age: number): IncidentDraft => {
      const [draft] = parse(renderVicEvents([eventAtAge(warning, age, 0, options(0))], startedAt)).incidents;
      return draft!;
    };
    expect(parsedAt(0).warningLevel).toBe(warningLevelOf(warning.warning!.level));
    expect(parsedAt(WARNING_EASES_AFTER)).toMatchObject({
      status: 'active',
      warningLevel: 'advice',
      severity: 'Minor',
      details: { action: 'Threat Is Reduced' },
    });
    expect(parsedAt(WARNING_CLEARS_AFTER)).toMatchObject({
      status: 'safe',
      warningLevel: 'advice',
      certainty: 'Observed',
      timestamps: { updated: '2026-01-09T19:05:00+11:00' },
    });
  });

  it('renders and parses 5,000 incidents', () => {
    const started = performance.now();
    const body = generator!.render(options(7, 5_000));
    const renderMs = performance.now() - started;
    const result = parse(body);
    expect(result.unmapped).toEqual([]);
    expect(points(result).length + result.dropped.length).toBe(5_000);
    // Generous bound: the point is that generation stays linear and cheap, not a benchmark.
    expect(renderMs).toBeLessThan(15_000);
  });
});
