export { BCC_FORMAT } from './envelope.js';
export { parseBccSensors, type BccSensor } from './sensors.js';
export { parseBccReadings, bccSeries, type BccReadings } from './readings.js';
