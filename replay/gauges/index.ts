export { prng, hash01 } from './random.js';
export {
  READING_STEP_MS,
  syntheticFleet,
  syntheticGauge,
  levelAt,
  rainAt,
  valueAt,
  readingTimes,
  type SyntheticGauge,
  type SyntheticFlood,
  type FleetOptions,
} from './fleet.js';
export {
  isHydstraGauge,
  renderHydstraTraces,
  renderHydstraLatest,
  renderHydstraSiteGeojson,
  renderHydstraVariableList,
  renderHydstraError,
} from './hydstra.js';
export {
  isAquariusGauge,
  aquariusUniqueId,
  renderAquariusDescriptions,
  renderAquariusCorrectedData,
  renderAquariusUniqueIds,
  renderAquariusLocation,
  renderAquariusError,
} from './aquarius.js';
export {
  isKiwisGauge,
  kiwisTsId,
  renderKiwisStationList,
  renderKiwisTimeseriesList,
  renderKiwisValues,
} from './kiwis.js';
export { isBccGauge, bccReports, renderBccSensors, renderBccReadings } from './bcc.js';
export { renderThresholdsTable } from './thresholds.js';
export { syntheticStation, syntheticSeries } from './series.js';
export { scriptGaugeSources, gaugeSourceStep } from './routes.js';
export { scriptDemoGauges } from './demo.js';
