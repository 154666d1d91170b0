export { feedPoller, healthQuery, pollNowSignal, type FeedPollerInput } from './feed-poller.js';
