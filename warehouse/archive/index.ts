export * from './bulk-load.js';
export { planBuckets, type YearBucket } from './buckets.js';
