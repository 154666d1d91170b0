import { describe, expect, it } from 'vitest';
import { NSW_PARSERS } from '../../../sources/nsw/index.js';
import { legacyEventTypeOf, statusOf, warningLevelOf } from '../../../sources/nsw/rfs-vocabulary.js';
import type { IncidentDraft, ParseResult } from '../../../model/index.js';
import { NSW_GENERATORS, syntheticNswBurns } from '../../../replay/generators/nsw.js';
import { syntheticNswIncidents } from '../../../replay/generators/nsw-rfs.js';
import { tickTime, visibleWindow, type RenderOptions } from '../../../replay/generators/types.js';

const DAY = 24 * 3_600_000;
const startedAt = new Date('2024-03-30T22:00:00Z');
const options = (tick: number, count = 40, tickMs = 60_000): RenderOptions => ({
  count,
  seed: 11,
  tick,
  startedAt,
  tickMs,
});

function generator(format: string) {
  const found = NSW_GENERATORS.find((each) => each.format === format);
  if (!found) throw new Error(`no generator for ${format}`);
  return found;
}

function parse(format: string, render: RenderOptions): ParseResult {
  const parser = NSW_PARSERS[format];
  if (!parser) throw new Error(`no parser for ${format}`);
  return parser(new TextEncoder().encode(generator(format).render(render)));
}

const points = (result: ParseResult): IncidentDraft[] =>
  result.incidents.filter((draft) => draft.featureType === 'incident');

describe('NSW generators', () => {
  it('has one generator per NSW parser', () => {
    expect(NSW_GENERATORS.map((each) => each.format).sort()).toEqual(Object.keys(NSW_PARSERS).sort());
  });

  for (const format of Object.keys(NSW_PARSERS)) {
    it(`${format}: deterministic, parses with nothing unmapped or dropped, and a tick moves it on`, () => {
      const render = (each: RenderOptions): string => generator(format).render(each);
      expect(render(options(4))).toBe(render(options(4)));
      expect(render({ ...options(4), seed: 12 })).not.toBe(render(options(4)));
      const first = parse(format, options(0));
      const later = parse(format, options(1));
      expect(first.unmapped).toEqual([]);
      expect(first.dropped).toEqual([]);
      expect(points(first)).toHaveLength(40);
      const before = new Set(points(first).map((draft) => draft.id));
      const after = points(later).map((draft) => draft.id);
      expect(after.filter((id) => !before.has(id))).toHaveLength(1);
      expect([...before].filter((id) => !after.includes(id))).toHaveLength(1);
    });
  }

  it('keeps the made-up incident numbers of each majorIncidents format apart', () => {
    const ids = [
      'nsw-rfs-major-incidents-geojson',
      'nsw-rfs-major-incidents-georss',
      'nsw-rfs-major-incidents-cap',
    ].map((format) => new Set(points(parse(format, options(3))).map((draft) => draft.id)));
    const all = ids.flatMap((set) => [...set]);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('NSW RFS majorIncidents.xml and majorIncidentsCAP.xml generators: round trips', () => {
  const count = 60;
  const tick = 5;
  const render = options(tick, count);
  /** What the generator shows at `tick`: the synthetic pool entries, status and time as rendered. */
  const expected = visibleWindow({ count, tick }).map(({ index, age, firstTick }) => {
    const base = syntheticNswIncidents(count + tick, render.seed)[index]!;
    const progression = ['Out of control', 'Out of control', 'Being controlled', 'Under control'];
    const step = Math.min(age, progression.length - 1);
    return {
      base,
      status: /fire|burn|hazard/i.test(base.type) ? progression[step]! : base.status,
      updated: tickTime(render, firstTick + step),
    };
  });

  for (const [format, idBase] of [
    ['nsw-rfs-major-incidents-georss', 2_000_000],
    ['nsw-rfs-major-incidents-cap', 3_000_000],
  ] as const) {
    it(`${format}: ids, vocabulary, times and geometry`, () => {
      const result = parse(format, render);
      const byId = new Map(result.incidents.map((draft) => [draft.id, draft]));
      for (const { base, status, updated } of expected) {
        const id = `nsw-rfs-${base.id + idBase}`;
        const draft = byId.get(id);
        expect(draft, id).toMatchObject({
          title: base.title,
          status: statusOf(status),
          eventType: legacyEventTypeOf(base.type),
          warningLevel: warningLevelOf(base.alertLevel),
          geometry: { type: 'Point', coordinates: [base.lng, base.lat] },
          location: { address: base.location, lga: base.councilArea },
          details: { status_raw: status, type: base.type, size: `${base.sizeHa} ha` },
        });
        expect(Date.parse(draft?.timestamps.updated ?? ''), id).toBe(updated.getTime());
        expect(draft?.timestamps.updated).toMatch(/\+1[01]:00$/);
        const area = byId.get(`${id}-${format.endsWith('cap') ? 'warning' : 'area'}`);
        expect(area?.geometry?.coordinates.length, id).toBe(base.polygons?.length);
      }
    });
  }

  it('crosses the end of daylight saving (6 Apr 2024) with the right offsets', () => {
    const result = parse('nsw-rfs-major-incidents-cap', options(0, 20, DAY));
    const offsets = new Set(result.incidents.map((draft) => draft.timestamps.updated.slice(-6)));
    expect(offsets).toEqual(new Set(['+11:00']));
    const later = parse('nsw-rfs-major-incidents-cap', options(10, 20, DAY));
    expect(new Set(later.incidents.map((draft) => draft.timestamps.updated.slice(-6))).has('+10:00')).toBe(
      true,
    );
  });
});

describe('NSW RFS hazard reductions generator', () => {
  it('renders the Funnelback shape: blank lines, truncated agencies, "lat;lon|" polygons, D/MM/YYYY', () => {
    const body = generator('nsw-rfs-hazard-reductions-json').render(options(0, 30));
    expect(body.startsWith('\n\n{')).toBe(true);
    const document = JSON.parse(body) as {
      resultsSummary: { collectionUpdated: string };
      results: Record<string, unknown>[];
    };
    expect(document.resultsSummary.collectionUpdated).toBe('Mar 31, 2024 9:00:00 AM');
    expect(document.results[0]?.startDate).toMatch(/^\d{1,2}\/\d\d\/\d{4}$/);
    expect(JSON.stringify(document.results)).toMatch(/"polygon":"-?\d+\.\d+;\d+\.\d+\|/);
    expect(syntheticNswBurns(200, 1).some((burn) => burn.leadAgency === 'National Parks and Wildl')).toBe(
      true,
    );
  });

  it('moves burns from scheduled to their window to ended when ticks are days', () => {
    const result = parse('nsw-rfs-hazard-reductions-json', options(20, 12, DAY));
    const phases = points(result).map((draft) => `${String(draft.details.burn_phase)}:${draft.status}`);
    expect(phases.filter((phase) => phase === 'scheduled:active')).toHaveLength(1);
    expect(phases.filter((phase) => phase === 'in_window:active')).toHaveLength(3);
    expect(phases.filter((phase) => phase === 'ended:completed')).toHaveLength(8);
    const newest = points(result).find((draft) => draft.details.burn_phase === 'scheduled');
    expect(newest).toMatchObject({ eventType: 'burn_off', warningLevel: 'none' });
    expect(newest?.id).toMatch(/^nsw-rfs-hr-/);
    // Each burn keeps its id from tick to tick.
    const next = new Set(
      points(parse('nsw-rfs-hazard-reductions-json', options(21, 12, DAY))).map((d) => d.id),
    );
    expect(points(result).filter((draft) => next.has(draft.id))).toHaveLength(11);
  });
});

describe('NSW generators at scale', () => {
  for (const format of [
    'nsw-rfs-major-incidents-georss',
    'nsw-rfs-major-incidents-cap',
    'nsw-rfs-hazard-reductions-json',
  ]) {
    it(`${format}: renders and parses 5,000 incidents`, () => {
      const started = performance.now();
      const body = generator(format).render(options(3, 5_000));
      const renderMs = performance.now() - started;
      const result = NSW_PARSERS[format]!(new TextEncoder().encode(body));
      expect(result.unmapped).toEqual([]);
      expect(points(result)).toHaveLength(5_000);
      // Generous bound: generation must stay linear and cheap, this is not a benchmark.
      expect(renderMs).toBeLessThan(15_000);
    });
  }
});
