/**
 * A feed poller with a bug in its workflow code: every workflow task fails, so the run is stuck, as a
 * run whose history no longer replays is. For the workflow doctor's test.
 */
export function feedPoller(): Promise<void> {
  throw new TypeError('a bug in the poller’s workflow code');
}
