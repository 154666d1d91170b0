/**
 * When a poller's next poll starts: one interval after the last one started (start to start, so a slow
 * fetch or commit does not push every later poll back), and never in the past. Pure, for workflows.
 */
export function nextPollStartMs(lastStartMs: number, intervalSeconds: number, nowMs: number): number {
  return Math.max(nowMs, lastStartMs + intervalSeconds * 1000);
}
