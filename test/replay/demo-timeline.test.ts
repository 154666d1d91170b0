import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CATALOGUE, mirrorPath } from '../../config/index.js';
import { scriptDemoFeeds } from '../../replay/demo-feeds.js';
import { DemoTimeline, type DemoTimelineState } from '../../replay/demo-timeline.js';
import { ReplayServer } from '../../replay/server.js';
import { createServiceLog } from '../../runtime/log.js';
import { keepDemoTimeline } from '../../runtime/demo-timeline.js';

const OPTIONS = { seed: 2026, count: 25, tickMs: 20_000 };
const T0 = Date.parse('2026-11-20T00:00:00Z');
const MINUTE = 60_000;

describe('the demo timeline: a clock that runs only while the demo runs', () => {
  it('begins at tick 0 and moves on one tick every tickMs', () => {
    const timeline = DemoTimeline.begin(OPTIONS, T0);
    expect(timeline.tick(T0)).toBe(0);
    expect(timeline.tick(T0 + 19_999)).toBe(0);
    expect(timeline.tick(T0 + 20_000)).toBe(1);
    expect(timeline.tick(T0 + 10 * MINUTE)).toBe(30);
    expect(timeline.startedAt.toISOString()).toBe('2026-11-20T00:00:00.000Z');
  });

  it('resumes at the tick it had reached, however long it was stopped, with its seed and start', () => {
    const before = DemoTimeline.begin(OPTIONS, T0);
    const saved = before.state(T0 + 9 * MINUTE);
    expect(before.tick(T0 + 9 * MINUTE)).toBe(27);
    for (const stopped of [0, 10 * MINUTE, 3 * 24 * 60 * MINUTE]) {
      const restartedAt = T0 + 9 * MINUTE + stopped;
      const after = DemoTimeline.resume(saved, restartedAt);
      expect(after.tick(restartedAt), `stopped ${stopped} ms`).toBe(27);
      expect(after.tick(restartedAt + 20_000)).toBe(28);
      expect(after.startedAt.getTime()).toBe(T0);
      expect(after.options).toEqual(OPTIONS);
    }
  });

  it('never runs backwards when the wall clock is set back', () => {
    const timeline = DemoTimeline.resume(DemoTimeline.begin(OPTIONS, T0).state(T0 + 5 * MINUTE), T0);
    expect(timeline.tick(T0 - 60 * MINUTE)).toBe(15);
  });
});

describe('the demo timeline kept in the data folder', () => {
  let dir: string;
  const lines: string[] = [];
  const log = createServiceLog({
    process: 'demo',
    level: 'info',
    format: 'text',
    write: (line) => lines.push(line),
  });
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-demo-timeline-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is saved on start and on close, and a second run carries on from it', async () => {
    const file = join(dir, 'replay', 'timeline.json');
    let now = T0;
    const first = await keepDemoTimeline(file, OPTIONS, log, () => now);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ ...OPTIONS, elapsedMs: 0 });
    now += 8 * MINUTE;
    await first.close();
    const saved = JSON.parse(await readFile(file, 'utf8')) as DemoTimelineState;
    expect(saved).toMatchObject({ elapsedMs: 8 * MINUTE, startedAt: new Date(T0).toISOString() });

    now += 2 * 60 * MINUTE;
    const second = await keepDemoTimeline(file, { ...OPTIONS, seed: 1 }, log, () => now);
    // The saved seed, not the one asked for: the incidents are the timeline's.
    expect(second.timeline.options.seed).toBe(2026);
    expect(second.timeline.tick(now)).toBe(24);
    expect(lines.at(-1)).toBe(
      '[demo] replay timeline resumed at tick 24 (seed 2026, begun 2026-11-20T00:00:00.000Z, 8 min run); ' +
        "the documents' times lag the clock by the 120 min the demo has been stopped",
    );
    await second.close();
  });

  it('begins a new timeline, saying so, when the saved one is unreadable', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{"seed":');
    const kept = await keepDemoTimeline(file, OPTIONS, log, () => T0);
    expect(kept.timeline.tick(T0)).toBe(0);
    expect(
      lines.some((line) => line.startsWith(`[demo] WARN the demo's saved timeline ${file} is unreadable`)),
    ).toBe(true);
    await kept.close();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject(OPTIONS);
  });
});

describe('a restarted demo replay serves the documents it served when it stopped', () => {
  it('every catalogue feed, byte for byte, after a long stop (over HTTP)', async () => {
    const serve = async (timeline: DemoTimeline, at: number) => {
      const replay = await ReplayServer.start();
      try {
        scriptDemoFeeds(replay, FEED_CATALOGUE, {
          ...timeline.options,
          startedAt: timeline.startedAt,
          tick: () => timeline.tick(at),
          fireComplexes: true,
        });
        const bodies: string[] = [];
        for (const feed of FEED_CATALOGUE)
          bodies.push(await (await fetch(`${replay.url}${mirrorPath(feed)}`)).text());
        return bodies;
      } finally {
        await replay.close();
      }
    };
    const stoppedAt = T0 + 9 * MINUTE;
    const running = DemoTimeline.begin(OPTIONS, T0);
    const before = await serve(running, stoppedAt);
    const restarted = DemoTimeline.resume(running.state(stoppedAt), stoppedAt + 90 * MINUTE);
    const after = await serve(restarted, stoppedAt + 90 * MINUTE);
    expect(after).toEqual(before);
    // A timeline begun afresh instead (what a restart did before) lists other incidents.
    const afresh = await serve(DemoTimeline.begin(OPTIONS, stoppedAt + 90 * MINUTE), stoppedAt + 90 * MINUTE);
    expect(afresh.filter((body, i) => body === before[i])).toEqual([]);
  });
});
