export { syntheticFleet, syntheticGauge, type FleetOptions } from './fleet.js';
export { renderThresholdsTable } from './thresholds.js';
export { syntheticStation, syntheticSeries } from './series.js';
export { scriptGaugeSources, gaugeSourceStep } from './routes.js';
export { scriptDemoGauges } from './demo.js';
