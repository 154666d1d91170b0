/**
 * A generator writes documents in one upstream format with made-up values. `tick` moves time on:
 * statuses progress, some incidents end and new ones start, so the demo and the lifecycle tests see a
 * feed that lives. Output is a pure function of the options: the same tick renders the same bytes.
 */
export interface RenderOptions {
  /** How many incidents the document carries (thousands for benchmarks). */
  count: number;
  seed: number;
  tick: number;
  /** Tick k happens at startedAt + k × tickMs; timestamps in the document derive from that. */
  startedAt: Date;
  tickMs: number;
  /** NSW majorIncidents only: add fire complexes that grow, split and merge (fire-complexes.ts), for the demo's events. */
  fireComplexes?: boolean;
  /**
   * How many distinct entries the window cycles through; unset, every tick lists a new one for ever.
   * With a pool, an entry that ended is listed again (same id, age 0) `idPool − count` ticks later, so
   * the incidents a feed has ever listed stop growing: data for measuring memory over time.
   */
  idPool?: number;
}

export interface FormatGenerator {
  /** The catalogue `format` this generator writes. */
  format: string;
  contentType: string;
  render(options: RenderOptions): string;
}

export function tickTime(options: Pick<RenderOptions, 'startedAt' | 'tickMs'>, tick: number): Date {
  return new Date(options.startedAt.getTime() + tick * options.tickMs);
}

/**
 * The sliding window every generator can share: at tick t the document shows entries [t, t + count);
 * entry k appears at tick max(0, k − count + 1), so each tick one incident ends and one starts. `age` is
 * how many ticks an entry has been visible. With `idPool`, entry k is pool entry k mod idPool, and
 * `firstListedTick` is when that pool entry was first listed (for formats whose ids are made of times).
 */
export function visibleWindow({ count, tick, idPool }: Pick<RenderOptions, 'count' | 'tick' | 'idPool'>): {
  index: number;
  age: number;
  firstTick: number;
  firstListedTick: number;
}[] {
  if (idPool !== undefined && !(Number.isInteger(idPool) && idPool > count)) {
    throw new Error(
      `idPool (${idPool}) must be an integer above count (${count}): a window shows each entry once`,
    );
  }
  return Array.from({ length: count }, (_, i) => {
    const entry = tick + i;
    const firstTick = Math.max(0, entry - count + 1);
    const index = idPool === undefined ? entry : entry % idPool;
    return { index, age: tick - firstTick, firstTick, firstListedTick: Math.max(0, index - count + 1) };
  });
}

/**
 * How many pool entries a generator must build for `visibleWindow(options)`: every index is below it.
 * With `idPool` it stays the pool's size, so a render does not cost more as the ticks go by.
 */
export function windowPoolSize({
  count,
  tick,
  idPool,
}: Pick<RenderOptions, 'count' | 'tick' | 'idPool'>): number {
  return idPool ?? count + tick;
}

/**
 * The window's entries out of a pool made for it: `build(size, seed)` makes the pool (size from
 * {@link windowPoolSize}), and each visible entry comes with its place in the window.
 */
export function visiblePoolEntries<T>(
  options: Pick<RenderOptions, 'count' | 'tick' | 'idPool' | 'seed'>,
  build: (size: number, seed: number) => readonly T[],
): (ReturnType<typeof visibleWindow>[number] & { entry: T })[] {
  const window = visibleWindow(options);
  const pool = build(windowPoolSize(options), options.seed);
  return window.map((place) => ({ ...place, entry: pool[place.index]! }));
}
