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
