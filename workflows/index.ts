export {
  feedPoller,
  feedStatusSearchAttribute,
  healthQuery,
  pollNowSignal,
  type FeedPollerInput,
} from './feed-poller.js';
export { compactLake, type CompactLakeInput } from './compact-lake.js';
export { archiveLoad, archiveProgressQuery, type ArchiveLoadInput } from './archive-load.js';
export { reparseBackfill, reparseProgressQuery, type ReparseBackfillInput } from './reparse-backfill.js';
