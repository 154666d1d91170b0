export * from './env.js';
export * from './feeds.js';
