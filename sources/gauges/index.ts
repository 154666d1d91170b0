export { GaugeSourceError, type GaugeSourceErrorKind } from './errors.js';
export { gaugeStation, type GaugeSourceContext, type GaugeMeasure } from './station.js';
export * from './hydstra/index.js';
export * from './aquarius/index.js';
export * from './kiwis/index.js';
export * from './bom-sos2/index.js';
export * from './bcc-telemetry/index.js';
