import { sleep } from '@temporalio/workflow';
import { feedPoller as today, type FeedPollerInput } from '../../../workflows/feed-poller.js';

/**
 * A deliberately careless change to the feed poller (a timer before its first poll, with no
 * `patched()`): the replay test shows that the recorded histories catch it.
 */
export async function feedPoller(input: FeedPollerInput): Promise<void> {
  await sleep('1 second');
  return today(input);
}
