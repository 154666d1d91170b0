export {
  feedPoller,
  feedStatusSearchAttribute,
  healthQuery,
  pollNowSignal,
  refetchSignal,
  type FeedPollerInput,
} from './feed-poller.js';
export { compactLake, type CompactLakeInput } from './compact-lake.js';
export { backupKeyStore, type BackupKeyStoreInput } from './backup-key-store.js';
export {
  eventClusterer,
  eventClustererStatusQuery,
  generationPublishedSignal,
  type EventClustererInput,
  type EventClustererStatus,
} from './event-clusterer.js';
export {
  declarationRefresher,
  declarationHealthQuery,
  refreshDeclarationsSignal,
  type DeclarationRefresherInput,
} from './declaration-refresher.js';
export {
  requestDeclarationRefresh,
  type RequestDeclarationRefreshInput,
} from './request-declaration-refresh.js';
export { gaugePoller, gaugeHealthQuery, gaugePollNowSignal, type GaugePollerInput } from './gauge-poller.js';
export { compactGaugeLake, gaugeRetention, type GaugeMaintenanceInput } from './gauge-maintenance.js';
export { archiveLoad, archiveProgressQuery, type ArchiveLoadInput } from './archive-load.js';
export { archiveSourceRemoval, type ArchiveSourceRemovalInput } from './archive-source-removal.js';
export { reparseBackfill, reparseProgressQuery, type ReparseBackfillInput } from './reparse-backfill.js';
export { webhookDeliveries, deliverSignal, webhookQueueQuery } from './webhook-deliveries.js';
export { digestDeliveries, digestQueueQuery } from './digest-deliveries.js';
