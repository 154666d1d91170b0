import type { GaugeSystemDefinition } from '../system.js';
import { kiwisFake } from './fake.js';
import { kiwisPoll, type KiwisSourceFields } from './poll.js';

export { KIWIS_FORMAT, kiwisTable } from './envelope.js';
export { BOM_QUALITY_GRADES, BOM_ZERO_RAIN_CODE, BOM_MISSING_CODES, bomQualityGrade } from './quality.js';
export { kiwisMeasure } from './parameters.js';
export {
  parseKiwisStationList,
  parseKiwisTimeseriesList,
  parseKiwisParameterList,
  parseKiwisGroupList,
  type KiwisStation,
  type KiwisTimeseries,
  type KiwisParameter,
  type KiwisGroup,
} from './lists.js';
export { parseKiwisValues, kiwisSeries, type KiwisValues } from './values.js';
export { KIWIS_SERIES_NAME, kiwisPoll, type KiwisSourceFields } from './poll.js';
export {
  isKiwisGauge,
  kiwisTsId,
  renderKiwisStationList,
  renderKiwisTimeseriesList,
  renderKiwisValues,
  kiwisFake,
} from './fake.js';

/** Everything of the system: its poll's calls and its fake. */
export const KIWIS_SYSTEM: GaugeSystemDefinition<KiwisSourceFields> = { poll: kiwisPoll, fake: kiwisFake };
