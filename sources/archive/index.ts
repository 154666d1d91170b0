export type { ApproximateLocator, ApproximatePlace, ArchiveRecord, RowProblem } from '../../model/index.js';
export { NO_LOCATOR } from '../../model/index.js';
export * from './aidr.js';
export * from './aidr-vocabulary.js';
export * from './archive-record.js';
export * from './csv-batches.js';
export * from './interchange.js';
export * from './local-days.js';
export * from './read-archive.js';
