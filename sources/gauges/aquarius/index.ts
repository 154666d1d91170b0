export { AQUARIUS_FORMAT } from './envelope.js';
export { aquariusMeasure } from './parameters.js';
export {
  parseAquariusDescriptions,
  type AquariusSeriesDescription,
  type AquariusThreshold,
  type AquariusThresholdPeriod,
} from './descriptions.js';
export { parseAquariusCorrectedData, type AquariusCorrectedData } from './corrected-data.js';
export { parseAquariusUniqueIds, type AquariusChanges, type AquariusChange } from './unique-ids.js';
export { parseAquariusLocation, type AquariusLocation } from './location-data.js';
export { aquariusFloodThresholds } from './thresholds.js';
export { aquariusSeries } from './series.js';
