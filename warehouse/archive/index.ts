export * from './bulk-load.js';
export { planBuckets, type YearBucket } from './buckets.js';
export * from './lake-files.js';
export * from './staging.js';
export * from './source-identity.js';
