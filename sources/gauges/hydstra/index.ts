import type { GaugeSystemDefinition } from '../system.js';
import { hydstraFake } from './fake.js';
import { hydstraPoll, type HydstraSourceFields } from './poll.js';

export { HYDSTRA_FORMAT, isNoDataError, siteOffsetMinutes, type HydstraProblem } from './envelope.js';
export { parseHydstraTraces, type HydstraTrace, type HydstraTracesResult } from './ts-traces.js';
export {
  parseHydstraLatest,
  hydstraLatestSeries,
  type HydstraLatestResult,
  type HydstraLatestValue,
} from './latest-values.js';
export {
  parseHydstraSiteGeojson,
  parseHydstraSiteList,
  parseHydstraSitesByDatasource,
  parseHydstraDatasourcesBySite,
  parseHydstraGroups,
  type HydstraSite,
  type HydstraGroup,
} from './sites.js';
export {
  parseHydstraVariableList,
  unitsBySiteVariable,
  type HydstraSiteVariables,
  type HydstraVariable,
} from './variable-list.js';
export { hydstraMeasure, canonicalVariable } from './variables.js';
export {
  HYDSTRA_SITES_PER_REQUEST,
  siteChunks,
  latestValuesRequest,
  pointTracesRequest,
  siteGeojsonRequest,
  variableListRequest,
  datasourceSitesExpression,
  hydstraUrl,
  type HydstraRequest,
} from './requests.js';
export { hydstraPoll, type HydstraSourceFields } from './poll.js';
export {
  isHydstraGauge,
  renderHydstraTraces,
  renderHydstraLatest,
  renderHydstraSiteGeojson,
  renderHydstraVariableList,
  renderHydstraError,
  hydstraFake,
} from './fake.js';

/** Everything of the system: its poll's calls and its fake. */
export const HYDSTRA_SYSTEM: GaugeSystemDefinition<HydstraSourceFields> = {
  poll: hydstraPoll,
  fake: hydstraFake,
};
