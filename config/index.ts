export * from './env.js';
export * from './feeds/index.js';
export * from './data-layout.js';
export * from './tiers.js';
export * from './declaration-sources.js';
export * from './clustering.js';
export * from './declaration-settings.js';
export * from './lake-url.js';
