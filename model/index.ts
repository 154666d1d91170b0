export * from './enums.js';
export * from './categories.js';
export * from './geometry.js';
export * from './incident.js';
