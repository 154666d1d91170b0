/**
 * What a poller's recovery line says it recovered from: the polls since its last good one that failed
 * or that the retraction guard held back. "2 failed polls", "3 held-back polls", "1 failed and 2
 * held-back polls"; empty when there were none.
 */
export function troubledPollsText({ failed, guarded }: { failed: number; guarded: number }): string {
  const total = failed + guarded;
  if (total === 0) return '';
  const noun = total === 1 ? 'poll' : 'polls';
  if (guarded === 0) return `${failed} failed ${noun}`;
  if (failed === 0) return `${guarded} held-back ${noun}`;
  return `${failed} failed and ${guarded} held-back ${noun}`;
}
