export {
  feedPoller,
  feedStatusSearchAttribute,
  healthQuery,
  pollNowSignal,
  type FeedPollerInput,
} from './feed-poller.js';
export { compactLake, type CompactLakeInput } from './compact-lake.js';
export { gaugePoller, gaugeHealthQuery, type GaugePollerInput } from './gauge-poller.js';
export { compactGaugeLake, gaugeRetention, type GaugeMaintenanceInput } from './gauge-maintenance.js';
