export { GaugeSourceError, type GaugeSourceErrorKind } from './errors.js';
export { gaugeStation, type GaugeSourceContext, type GaugeMeasure } from './station.js';
export * from './hydstra/index.js';
export * from './aquarius/index.js';
export * from './kiwis/index.js';
export * from './bom-sos2/index.js';
export * from './bcc-telemetry/index.js';
export {
  GAUGE_SYSTEMS,
  pollSequence,
  fakeAnswer,
  FAKE_STATION_STYLES,
  type GaugeSystemName,
} from './systems.js';
export type { GaugeSystemDefinition } from './system.js';
export { chunks, type PollSequence, type PollWindow, type SourcePoll } from './poll-sequence.js';
