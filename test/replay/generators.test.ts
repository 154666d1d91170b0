import { describe, expect, it } from 'vitest';
import { normalise } from '../../model/index.js';
import { PARSERS } from '../../sources/index.js';
import { FEED_CATALOGUE } from '../../config/index.js';
import { GENERATORS } from '../../replay/generators/index.js';

const startedAt = new Date('2026-11-20T00:00:00Z');
const options = (tick: number, count = 12) => ({ count, seed: 5, tick, startedAt, tickMs: 60_000 });

describe('every catalogue format has a generator whose documents its parser reads', () => {
  for (const feed of FEED_CATALOGUE) {
    it(`${feed.format}: parses, and a tick moves the feed on`, () => {
      const generator = GENERATORS.get(feed.format);
      expect(generator, `generator for ${feed.format}`).toBeDefined();
      const parse = PARSERS[feed.format]!;
      const render = (tick: number) => generator!.render(options(tick));
      expect(render(3)).toBe(render(3));

      const first = parse(new TextEncoder().encode(render(0)));
      const later = parse(new TextEncoder().encode(render(1)));
      const points = (result: typeof first) => result.incidents.filter((i) => i.featureType === 'incident');
      expect(points(first).length).toBeGreaterThan(0);
      expect(first.unmapped).toEqual([]);
      for (const draft of first.incidents) {
        const incident = normalise(draft, '2026-11-20T11:00:00+11:00');
        expect(incident.source.state).toBe(feed.state);
        expect(incident.timestamps.updated).toMatch(/[+-]\d\d:\d\d$/);
      }
      const before = new Set(points(first).map((i) => i.id));
      const after = new Set(points(later).map((i) => i.id));
      expect([...before].some((id) => !after.has(id))).toBe(true);
      expect([...after].some((id) => !before.has(id))).toBe(true);
    });
  }
});

describe('with an id pool, every generator lists its entries again instead of new ones', () => {
  for (const feed of FEED_CATALOGUE) {
    it(`${feed.format}: the ids ever listed stop growing after one pool's cycle`, () => {
      const generator = GENERATORS.get(feed.format)!;
      const parse = PARSERS[feed.format]!;
      const idsUpTo = (lastTick: number, idPool?: number): Set<string> => {
        const ids = new Set<string>();
        for (let tick = 0; tick <= lastTick; tick++) {
          const result = parse(new TextEncoder().encode(generator.render({ ...options(tick, 6), idPool })));
          for (const draft of result.incidents) ids.add(draft.id);
        }
        return ids;
      };
      const oneCycle = idsUpTo(9, 10);
      expect(idsUpTo(30, 10)).toEqual(oneCycle);
      // Without a pool the same ticks keep listing new ids.
      expect(idsUpTo(30).size).toBeGreaterThan(idsUpTo(9).size);
    });
  }

  it('refuses a pool no larger than the window', () => {
    const generator = GENERATORS.get(FEED_CATALOGUE[0]!.format)!;
    expect(() => generator.render({ ...options(0, 6), idPool: 6 })).toThrow(
      /idPool \(6\) must be an integer above count \(6\)/,
    );
  });
});
