export {
  feedPoller,
  feedStatusSearchAttribute,
  healthQuery,
  pollNowSignal,
  type FeedPollerInput,
} from './feed-poller.js';
export { compactLake, type CompactLakeInput } from './compact-lake.js';
export {
  declarationRefresher,
  declarationHealthQuery,
  DECLARATION_REFRESHER_ID,
  refreshDeclarationsSignal,
  type DeclarationRefresherInput,
} from './declaration-refresher.js';
export { requestDeclarationRefresh } from './request-declaration-refresh.js';
