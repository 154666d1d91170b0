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
 * The sliding window every generator can share: at tick t the document shows pool entries
 * [t, t + count); entry k appears at tick max(0, k − count + 1), so each tick one incident ends and
 * one starts. `age` is how many ticks an entry has been visible.
 */
export function visibleWindow(
  count: number,
  tick: number,
): { index: number; age: number; firstTick: number }[] {
  return Array.from({ length: count }, (_, i) => {
    const index = tick + i;
    const firstTick = Math.max(0, index - count + 1);
    return { index, age: tick - firstTick, firstTick };
  });
}
