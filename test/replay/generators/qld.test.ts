import { describe, expect, it } from 'vitest';
import { QLD_PARSERS } from '../../../sources/qld/index.js';
import {
  eventTypeInText,
  groupedTypeOf,
  higherWarningLevel,
  statusOf,
  warningLevelOf,
} from '../../../sources/qld/qfd-vocabulary.js';
import { QLD_FEEDS } from '../../../config/feeds/qld.js';
import type { IncidentDraft, ParseResult, WarningLevel } from '../../../model/index.js';
import {
  atomAlertLevel,
  atomTitle,
  QLD_GENERATORS,
  qldEntry,
  qldVisibleEntries,
  usesWebMercator,
  type QldVisibleEntry,
} from '../../../replay/generators/qld.js';
import type { RenderOptions } from '../../../replay/generators/types.js';

const GEOJSON = 'qld-qfd-bushfire-alert-geojson';
const ATOM = 'qld-qfd-bushfire-alert-atom';

const options = (overrides: Partial<RenderOptions> = {}): RenderOptions => ({
  count: 200,
  seed: 11,
  tick: 0,
  startedAt: new Date('2026-11-20T00:00:00Z'),
  tickMs: 5 * 60_000,
  ...overrides,
});

function generator(format: string) {
  const found = QLD_GENERATORS.find((candidate) => candidate.format === format);
  if (!found) throw new Error(`no generator ${format}`);
  return found;
}

function render(
  format: string,
  overrides: Partial<RenderOptions> = {},
): { result: ParseResult; body: string } {
  const body = generator(format).render(options(overrides));
  return { body, result: QLD_PARSERS[format]!(new TextEncoder().encode(body)) };
}

function byId(result: ParseResult): Map<string, IncidentDraft> {
  return new Map(result.incidents.map((draft) => [draft.id, draft]));
}

/** Whole seconds: the parsers truncate fractional seconds. */
const seconds = (date: Date): number => Math.floor(date.getTime() / 1000) * 1000;

function expectedJsonEventType(entry: QldVisibleEntry) {
  const named = eventTypeInText(`${entry.warning?.callToAction ?? ''}`);
  return named === 'burn_off' ? named : groupedTypeOf(entry.kind.groupedType);
}

describe('QLD generators', () => {
  it('covers every catalogue format, deterministically', () => {
    expect(QLD_GENERATORS.map((candidate) => candidate.format).sort()).toEqual(
      [...new Set(QLD_FEEDS.map((feed) => feed.format))].sort(),
    );
    for (const candidate of QLD_GENERATORS) {
      expect(candidate.render(options({ tick: 4 }))).toBe(candidate.render(options({ tick: 4 })));
      expect(candidate.render(options({ seed: 12 }))).not.toBe(candidate.render(options()));
    }
    expect(qldEntry(3, 17)).toEqual(qldEntry(3, 17));
  });

  it('varies the shape the way the real feed does', () => {
    const entries = Array.from({ length: 1000 }, (_, index) => qldEntry(7, index));
    expect(entries.filter((entry) => entry.warning && !entry.incident).length).toBeGreaterThan(50);
    expect(entries.filter((entry) => entry.warning && entry.incident).length).toBeGreaterThan(10);
    expect(new Set(entries.map((entry) => entry.kind.groupedType)).size).toBe(3);
    expect(new Set(entries.map((entry) => entry.warning?.level)).size).toBe(4);
    expect(entries.some((entry) => entry.dmsTitle)).toBe(true);
    expect(usesWebMercator(11)).toBe(true);
    expect(usesWebMercator(12)).toBe(false);
  });

  for (const seed of [11, 12]) {
    it(`round-trips the GeoJSON (${usesWebMercator(seed) ? 'web-mercator' : 'degrees + third ordinate'})`, () => {
      const tick = 3;
      const { result, body } = render(GEOJSON, { seed, tick });
      expect(body.includes('EPSG::3857')).toBe(usesWebMercator(seed));
      expect(result.unmapped).toEqual([]);
      expect(result.dropped).toEqual([]);
      const drafts = byId(result);
      const entries = qldVisibleEntries(options({ seed, tick }));
      for (const entry of entries) {
        const id = `qld-qfd-${entry.uniqueId}`;
        const draft = drafts.get(id);
        const pointLevel: WarningLevel = entry.incident ? 'none' : warningLevelOf(entry.warning!.level)!;
        const level = entry.warning
          ? higherWarningLevel(pointLevel, warningLevelOf(entry.warning.level)!)
          : 'none';
        expect(draft, id).toMatchObject({
          featureType: 'incident',
          status: statusOf(entry.status),
          warningLevel: level,
          eventType: entry.incident ? groupedTypeOf(entry.kind.groupedType) : expectedJsonEventType(entry),
          location: { address: entry.location, suburb: entry.suburb, state: 'qld' },
        });
        // Points come from the WGS84 Latitude/Longitude properties, whatever the geometry's projection.
        expect(draft?.geometry).toEqual({ type: 'Point', coordinates: [entry.lng, entry.lat] });
        expect(Date.parse(draft?.timestamps.updated ?? ''), id).toBe(seconds(entry.updated));
        expect(draft?.timestamps.updated).toMatch(/\+10:00$/);

        const area = drafts.get(`${id}-warning`);
        if (!entry.warning) {
          expect(area, id).toBeUndefined();
          continue;
        }
        expect(area).toMatchObject({ featureType: 'warning_area', parentId: id });
        expect(area?.eventType).toBe(expectedJsonEventType(entry));
        expect(area?.warningLevel).toBe(warningLevelOf(entry.warning.level));
        const ring = area?.geometry?.type === 'Polygon' ? area.geometry.coordinates[0] : [];
        expect(ring).toHaveLength(entry.ring!.length);
        ring?.forEach(([lng, lat], vertex) => {
          expect(lng).toBeCloseTo(entry.ring![vertex]![0], 9);
          expect(lat).toBeCloseTo(entry.ring![vertex]![1], 9);
        });
      }
      expect(result.incidents).toHaveLength(entries.length + entries.filter((entry) => entry.warning).length);
    });
  }

  it('round-trips the Atom feed: CAD ids, UTC times without offset, non-ASCII titles', () => {
    const tick = 2;
    const { result, body } = render(ATOM, { tick });
    expect(body).toContain('°');
    expect(body).toContain('–');
    expect(result.unmapped).toEqual([]);
    expect(result.dropped).toEqual([]);
    const drafts = byId(result);
    const entries = qldVisibleEntries(options({ tick }));
    expect(result.incidents).toHaveLength(entries.length);
    for (const entry of entries) {
      const id = `qld-qfd-${entry.cadId}`;
      expect(drafts.get(id), id).toMatchObject({
        title: atomTitle(entry),
        status: statusOf(entry.status),
        warningLevel: warningLevelOf(atomAlertLevel(entry)),
        eventType: eventTypeInText(entry.kind.headline),
        geometry: { type: 'Point', coordinates: [entry.lng, entry.lat] },
        timestamps: {
          reported: new Date(entry.reported.getTime() + 36e6).toISOString().replace('.000Z', '+10:00'),
          updated: new Date(entry.updated.getTime() + 36e6).toISOString().replace('.000Z', '+10:00'),
        },
      });
    }
  });

  it('moves on with the ticks: one incident ends, one starts, fires progress', () => {
    for (const format of [GEOJSON, ATOM]) {
      const points = (tick: number) =>
        render(format, { tick, count: 12 }).result.incidents.filter(
          (draft) => draft.featureType === 'incident',
        );
      const before = points(0);
      const after = points(1);
      const beforeIds = new Set(before.map((draft) => draft.id));
      const afterIds = new Set(after.map((draft) => draft.id));
      expect([...beforeIds].filter((id) => !afterIds.has(id))).toHaveLength(1);
      expect([...afterIds].filter((id) => !beforeIds.has(id))).toHaveLength(1);
      const later = points(5);
      expect(new Set(before.map((draft) => draft.status))).toEqual(new Set(['active']));
      expect(later.some((draft) => draft.status === 'controlled')).toBe(true);
    }
  });

  it('renders and parses 5,000 incidents of each format', () => {
    for (const format of [GEOJSON, ATOM]) {
      const started = performance.now();
      const { result } = render(format, { count: 5000, tick: 7 });
      expect(result.unmapped).toEqual([]);
      expect(result.incidents.filter((draft) => draft.featureType === 'incident')).toHaveLength(5000);
      // Generous bound for a shared machine: the point is linear cost.
      expect(performance.now() - started).toBeLessThan(20_000);
    }
  });
});
