import { describe, expect, it } from 'vitest';
import { statusOf, warningLevelOf } from '../../../sources/act/esa-vocabulary.js';
import { ACT_PARSERS } from '../../../sources/act/index.js';
import { ACT_FEEDS } from '../../../config/feeds/act.js';
import type { IncidentDraft, ParseResult } from '../../../model/index.js';
import {
  ACT_GENERATORS,
  renderActWebsiteIncidents,
  visibleActEntries,
} from '../../../replay/generators/act.js';
import type { RenderOptions } from '../../../replay/generators/types.js';

const startedAt = new Date('2026-11-20T00:00:00Z');
const options = (tick: number, count = 40, seed = 5): RenderOptions => ({
  count,
  seed,
  tick,
  startedAt,
  tickMs: 10 * 60_000,
});
const parse = (options: RenderOptions): ParseResult =>
  ACT_PARSERS['act-esa-website-incidents-json']!(
    new TextEncoder().encode(renderActWebsiteIncidents(options)),
  );
const pointIds = (result: ParseResult): Set<string> =>
  new Set(result.incidents.filter((draft) => draft.featureType === 'incident').map((draft) => draft.id));

describe('synthetic ACT ESA website incidents feed', () => {
  it('has one generator per catalogue format, each with a parser', () => {
    expect(ACT_GENERATORS.map((generator) => generator.format)).toEqual(ACT_FEEDS.map((feed) => feed.format));
    for (const generator of ACT_GENERATORS) expect(ACT_PARSERS[generator.format]).toBeDefined();
  });

  it('is deterministic for a seed and varies with it', () => {
    expect(renderActWebsiteIncidents(options(3))).toBe(renderActWebsiteIncidents(options(3)));
    expect(renderActWebsiteIncidents(options(3))).not.toBe(renderActWebsiteIncidents(options(3, 40, 6)));
  });

  it('round-trips ids, statuses, warning levels and times through the parser, with nothing unmapped', () => {
    const at = options(6, 200);
    const result = parse(at);
    expect(result.unmapped).toEqual([]);
    const byId = new Map<string, IncidentDraft>(result.incidents.map((draft) => [draft.id, draft]));
    const republished = new Set(result.dropped.map((record) => record.upstreamId));
    expect(result.dropped.every((record) => record.reason === 'republished')).toBe(true);

    for (const { entry, id, state, calledAt, updatedAt } of visibleActEntries(at)) {
      if (entry.kind === 'nsw') {
        expect(republished.has(id), id).toBe(true);
        continue;
      }
      const draft = byId.get(`act-esa-${id}`);
      expect(draft, id).toMatchObject({ featureType: 'incident', source: { state: 'act', feedId: id } });
      if (entry.kind === 'warning') {
        expect(draft?.warningLevel, id).toBe(warningLevelOf(state));
        expect(draft?.status, id).toBe('active');
      } else {
        expect(draft?.status, id).toBe(statusOf(state));
        expect(draft?.details.status_raw, id).toBe(state);
      }
      expect(Date.parse(draft?.timestamps.reported ?? ''), id).toBe(calledAt.getTime());
      expect(Date.parse(draft?.timestamps.updated ?? ''), id).toBe(updatedAt.getTime());
      expect(draft?.timestamps.updated).toMatch(/\+1[01]:00$/);
    }
    expect(republished.size).toBeGreaterThan(0);
    expect(result.incidents.some((draft) => draft.warningLevel === 'emergency_warning')).toBe(true);
    expect(result.incidents.some((draft) => draft.geometry === null)).toBe(true);
    expect(result.incidents.some((draft) => String(draft.details.description).includes('\uFFFD'))).toBe(true);
  });

  it('moves on each tick: one incident ends, one starts, and statuses progress', () => {
    const first = parse(options(0, 12));
    const later = parse(options(1, 12));
    expect(first.unmapped).toEqual([]);
    expect(pointIds(first).size).toBeGreaterThan(0);
    const before = pointIds(first);
    const after = pointIds(later);
    expect([...before].filter((id) => !after.has(id))).toHaveLength(1);
    expect([...after].filter((id) => !before.has(id))).toHaveLength(1);

    // The last entry of tick 0 stays visible for count − 1 more ticks and moves through its states.
    const [last] = visibleActEntries(options(0, 12)).slice(-1);
    const states = [0, 1, 2, 3, 4].map(
      (tick) => visibleActEntries(options(tick, 12)).find((visible) => visible.id === last?.id)?.state,
    );
    expect(new Set(states).size).toBeGreaterThan(1);
  });

  it('renders and parses 5,000 incidents', () => {
    const at = options(9, 5_000);
    const started = performance.now();
    const body = renderActWebsiteIncidents(at);
    const renderMs = performance.now() - started;
    const result = ACT_PARSERS['act-esa-website-incidents-json']!(new TextEncoder().encode(body));
    expect(result.unmapped).toEqual([]);
    expect(result.incidents.length + result.dropped.length).toBe(5_000);
    // Generous bound: the point is that generation stays linear and cheap, not a benchmark.
    expect(renderMs).toBeLessThan(15_000);
  });
});
