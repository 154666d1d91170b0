export * from './env.js';
export * from './feeds.js';
export * from './data-layout.js';
