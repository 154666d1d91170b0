import { mirrorPath, type FeedDefinition } from '../config/index.js';
import { GENERATORS } from './generators/index.js';
import type { ReplayServer } from './server.js';

export interface DemoFeedOptions {
  count: number;
  seed: number;
  tickMs: number;
  startedAt: Date;
  /** Fire complexes that grow, split and merge in the NSW majorIncidents feed (the demo's events). */
  fireComplexes?: boolean;
  /** List ended incidents again from a pool of this many per feed (RenderOptions.idPool). */
  idPool?: number;
  /**
   * The tick to render now; by default the wall clock's ticks since `startedAt`. The demo passes its
   * timeline's clock, which stops while the demo is stopped (replay/demo-timeline.ts).
   */
  tick?: () => number;
}

/**
 * Scripts every catalogue feed on the replay server with its format's generator. The document moves
 * on one tick every `tickMs`; feeds of one agency share a seed offset so their incidents differ.
 */
export function scriptDemoFeeds(
  replay: ReplayServer,
  catalogue: readonly FeedDefinition[],
  options: DemoFeedOptions,
): void {
  const tick =
    options.tick ?? (() => Math.floor((Date.now() - options.startedAt.getTime()) / options.tickMs));
  catalogue.forEach((feed, i) => {
    const generator = GENERATORS.get(feed.format);
    if (!generator) throw new Error(`no generator for format ${feed.format} (feed ${feed.key})`);
    replay.script(mirrorPath(feed), [
      {
        kind: 'document',
        contentType: generator.contentType,
        body: () =>
          generator.render({
            count: options.count,
            seed: options.seed + i * 7919,
            tick: tick(),
            startedAt: options.startedAt,
            tickMs: options.tickMs,
            fireComplexes: options.fireComplexes,
            idPool: options.idPool,
          }),
      },
    ]);
  });
}
