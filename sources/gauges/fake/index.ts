export {
  READING_STEP_MS,
  hash01,
  levelAt,
  rainAt,
  readingTimes,
  round3,
  valueAt,
  type SyntheticFlood,
  type SyntheticGauge,
} from './gauge.js';
export { compactText, isoText } from './time-text.js';
export type { FakeCall, FakeStationStyle, SystemFake } from './system-fake.js';
