import type { GaugeSystemDefinition } from '../system.js';
import { aquariusFake } from './fake.js';
import { aquariusPoll, type AquariusSourceFields } from './poll.js';

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
export { aquariusPoll, type AquariusSourceFields } from './poll.js';
export {
  isAquariusGauge,
  aquariusUniqueId,
  renderAquariusDescriptions,
  renderAquariusCorrectedData,
  renderAquariusUniqueIds,
  renderAquariusLocation,
  renderAquariusError,
  aquariusFake,
} from './fake.js';

/** Everything of the system: its poll's calls and its fake. */
export const AQUARIUS_SYSTEM: GaugeSystemDefinition<AquariusSourceFields> = {
  poll: aquariusPoll,
  fake: aquariusFake,
};
