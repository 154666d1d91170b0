export { createIngestActivities, type IngestActivities, type IngestDeps } from './ingest.js';
export {
  createWarehouseActivities,
  type WarehouseActivities,
  type WarehouseDeps,
} from './warehouse-activities.js';
export * from './contracts.js';
export { Warehouse } from '../warehouse/warehouse.js';
export {
  createEventActivities,
  type ClusterEventsResult,
  type EventActivities,
  type EventDeps,
} from './event-activities.js';
export {
  createDeclarationIngestActivities,
  type DeclarationIngestActivities,
  type DeclarationIngestDeps,
} from './declarations.js';
export {
  createDeclarationWarehouseActivities,
  type DeclarationWarehouseActivities,
} from './declaration-publish.js';
export * from './declaration-contracts.js';
export { createArchiveActivities, type ArchiveActivities, type ArchiveDeps } from './archive-activities.js';
export * from './archive-contracts.js';
export {
  createBackfillActivities,
  type BackfillActivities,
  type BackfillDeps,
  type ReparseSliceInput,
  type ReparseSliceResult,
  type ReparseWindowInput,
} from './backfill-activities.js';
