export {
  createGaugeIngestActivities,
  type GaugeIngestActivities,
  type GaugeIngestDeps,
} from './ingest-activities.js';
export {
  createGaugeWarehouseActivities,
  type GaugeWarehouseActivities,
  type GaugeWarehouseDeps,
} from './warehouse-activities.js';
export * from './contracts.js';
