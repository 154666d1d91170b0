import { Context } from '@temporalio/activity';

const HEARTBEAT_EVERY_MS = 2_000;

/**
 * Heartbeats while `work` runs, so the poller's heartbeat time-out notices a worker that died mid-activity
 * within seconds instead of waiting out the whole start-to-close time-out. Outside an activity (direct
 * calls in tests) it only awaits `work`.
 */
export async function heartbeating<T>(work: () => Promise<T>): Promise<T> {
  let context: Context | undefined;
  try {
    context = Context.current();
  } catch {
    return work();
  }
  const activity = context;
  const timer = setInterval(() => activity.heartbeat(), HEARTBEAT_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** The running activity's context, or undefined outside an activity (direct calls in tests and tools). */
export function currentActivity(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}
