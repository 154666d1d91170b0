import { z } from 'zod';

/**
 * The demo's timeline, as kept in its data folder: what the generators need to render the same
 * incidents again (seed, count, tick length, start) and how much demo time has run.
 */
export const DemoTimelineState = z.object({
  seed: z.int(),
  count: z.int().positive(),
  tickMs: z.int().positive(),
  /** Tick 0: the documents' times are startedAt + tick × tickMs. */
  startedAt: z.iso.datetime({ offset: true }),
  /** Demo time run so far: time the demo was stopped does not count. */
  elapsedMs: z.int().nonnegative(),
  savedAt: z.iso.datetime({ offset: true }),
});
export type DemoTimelineState = z.infer<typeof DemoTimelineState>;

export type DemoTimelineOptions = Pick<DemoTimelineState, 'seed' | 'count' | 'tickMs'>;

/**
 * The demo's clock, which runs only while the demo runs: a restarted demo carries on at the tick it
 * had reached, so its feeds list the incidents the warehouse already holds (a timeline started afresh
 * would list none of them, and every feed would look mass-dropped). After a stop the documents' own
 * times lag the wall clock by how long the demo was stopped; their ids and contents stay those of the
 * timeline.
 */
export class DemoTimeline {
  private constructor(
    readonly options: DemoTimelineOptions,
    readonly startedAt: Date,
    /** Demo time run before this process resumed the timeline. */
    private readonly elapsedBeforeMs: number,
    private readonly resumedAtMs: number,
  ) {}

  /** A new timeline whose tick 0 is now. */
  static begin(options: DemoTimelineOptions, nowMs: number): DemoTimeline {
    return new DemoTimeline(options, new Date(nowMs), 0, nowMs);
  }

  /** The saved timeline, carrying on from the demo time it had run. */
  static resume(state: DemoTimelineState, nowMs: number): DemoTimeline {
    const { seed, count, tickMs } = state;
    return new DemoTimeline({ seed, count, tickMs }, new Date(state.startedAt), state.elapsedMs, nowMs);
  }

  /** Demo time run by `nowMs` (a wall clock set back never runs it backwards). */
  elapsedMs(nowMs: number): number {
    return this.elapsedBeforeMs + Math.max(0, nowMs - this.resumedAtMs);
  }

  tick(nowMs: number): number {
    return Math.floor(this.elapsedMs(nowMs) / this.options.tickMs);
  }

  state(nowMs: number): DemoTimelineState {
    return {
      ...this.options,
      startedAt: this.startedAt.toISOString(),
      elapsedMs: Math.round(this.elapsedMs(nowMs)),
      savedAt: new Date(nowMs).toISOString(),
    };
  }
}
