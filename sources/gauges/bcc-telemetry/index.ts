import type { GaugeSystemDefinition } from '../system.js';
import { bccFake } from './fake.js';
import { bccPoll, type OpendatasoftSourceFields } from './poll.js';

export { BCC_FORMAT } from './envelope.js';
export { parseBccSensors, type BccSensor } from './sensors.js';
export { parseBccReadings, bccSeries, type BccReadings } from './readings.js';
export { bccPoll, type OpendatasoftSourceFields } from './poll.js';
export { isBccGauge, bccReports, renderBccSensors, renderBccReadings, bccFake } from './fake.js';

/** Everything of the system: its poll's calls and its fake. */
export const BCC_SYSTEM: GaugeSystemDefinition<OpendatasoftSourceFields> = { poll: bccPoll, fake: bccFake };
