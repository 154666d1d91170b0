export {
  feedPoller,
  feedStatusSearchAttribute,
  healthQuery,
  pollNowSignal,
  type FeedPollerInput,
} from './feed-poller.js';
