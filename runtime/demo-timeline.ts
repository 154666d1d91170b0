import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DemoTimeline, DemoTimelineState, type DemoTimelineOptions } from '../replay/demo-timeline.js';
import type { ServiceLog } from './log.js';

/** The demo's timeline, kept in its data folder while the demo runs. */
export interface KeptDemoTimeline {
  timeline: DemoTimeline;
  /** Saves the demo time run so far and stops saving: call it when the demo stops. */
  close(): Promise<void>;
}

async function readState(file: string): Promise<DemoTimelineState | 'missing' | Error> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    return error as Error;
  }
  try {
    const parsed = DemoTimelineState.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : new Error(parsed.error.issues[0]?.message ?? 'not a timeline');
  } catch (error) {
    return error as Error;
  }
}

async function writeState(file: string, state: DemoTimelineState): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  await writeFile(temporary, `${JSON.stringify(state, null, 1)}\n`);
  await rename(temporary, file);
}

function minutes(ms: number): string {
  return ms < 90_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;
}

/**
 * Resumes the timeline saved in `file` (its seed and start kept, its clock carrying on from the demo
 * time it had run), or begins one; then saves it every tick, so a demo killed outright loses at most
 * a tick, and on `close`.
 */
export async function keepDemoTimeline(
  file: string,
  options: DemoTimelineOptions,
  log: ServiceLog,
  now: () => number = Date.now,
): Promise<KeptDemoTimeline> {
  const saved = await readState(file);
  if (saved instanceof Error) {
    log.warn(`the demo's saved timeline ${file} is unreadable (${saved.message}); a new one begins`);
  }
  const timeline =
    typeof saved === 'object' && !(saved instanceof Error)
      ? DemoTimeline.resume(saved, now())
      : DemoTimeline.begin(options, now());
  if (typeof saved === 'object' && !(saved instanceof Error)) {
    log.info(
      `replay timeline resumed at tick ${timeline.tick(now())} (seed ${saved.seed}, begun ${saved.startedAt}, ${minutes(saved.elapsedMs)} run); ` +
        `the documents' times lag the clock by the ${minutes(Math.max(0, now() - Date.parse(saved.startedAt) - saved.elapsedMs))} the demo has been stopped`,
    );
  } else {
    log.info(`replay timeline begins (seed ${options.seed}); kept in ${file} so a restarted demo carries on`);
  }
  const save = () => writeState(file, timeline.state(now()));
  await save();
  let saving: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    saving = saving
      .then(save)
      .catch((error: unknown) => log.warn(`could not save the demo's timeline: ${String(error)}`));
  }, timeline.options.tickMs);
  timer.unref();
  return {
    timeline,
    close: async () => {
      clearInterval(timer);
      await saving;
      await save();
    },
  };
}
