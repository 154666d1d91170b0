export * from './types.js';
export * from './key-format.js';
export * from './issue.js';
export * from './route-policy.js';
export * from './rate-limit.js';
export * from './gate.js';
export * from './cors.js';
export { SqliteAccessStore } from './sqlite-store.js';
