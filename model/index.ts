export * from './enums.js';
export * from './categories.js';
export * from './geometry.js';
export * from './incident.js';
export * from './record.js';
export * from './time-zones.js';
export * from './feed-health.js';
export * from './cap-events.js';
