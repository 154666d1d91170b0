import {
  STALENESS_HORIZON_HOURS,
  type GaugeSourceKind,
  type GaugeSourceName,
  type StateCode,
} from '../model/index.js';

/**
 * The eight gauge polling sources: three Kisters Hydstra web services (NSW, VIC, QLD), three
 * Aquatic Informatics AQUARIUS Time-Series servers (SA, TAS, NT), the Bureau of Meteorology's Water
 * Data Online KiWIS service (the national archive) and Brisbane City Council's flood telemetry (the
 * council's event-reporting loggers). Each system is one folder, sources/gauges/<system>/: its poll's
 * calls, its parsers and the replay's fake (registered in sources/gauges/systems.ts).
 */

interface GaugeSourceBase {
  name: GaugeSourceName;
  kind: GaugeSourceKind;
  /** The state every station belongs to; null for the national archive (set from coordinates later). */
  state: StateCode | null;
  agency: string;
  /** The service's public address. */
  baseUrl: string;
  /** Standard-time offset of the source's clock (no daylight saving), for times given without one. */
  standardOffsetMinutes: number;
  pollIntervalSeconds: number;
  stalenessHorizonHours: number;
  licence: string;
  /** False until the agency's licence statement for this service has been read; see attributionLicence. */
  licenceVerified: boolean;
  attribution: string;
  homepage: string;
  /** Where the document format is described. */
  formatReference: string;
}

export interface HydstraSource extends GaugeSourceBase {
  system: 'hydstra';
  /** The datasource that carries telemetered (latest) data; archives use `A`. */
  datasource: string;
}

export interface AquariusSource extends GaugeSourceBase {
  system: 'aquarius';
  /** Path of the Publish API under baseUrl. */
  publishPath: string;
}

export interface KiwisSource extends GaugeSourceBase {
  system: 'kiwis';
  /** Query string every request carries before `request=`. */
  serviceQuery: string;
}

export interface OpendatasoftSource extends GaugeSourceBase {
  system: 'opendatasoft';
  /** Dataset ids of the readings (one column per sensor) and of the sensor descriptions. */
  readingsDataset: string;
  sensorsDataset: string;
}

export type GaugeSourceDefinition = HydstraSource | AquariusSource | KiwisSource | OpendatasoftSource;

const horizon = (kind: GaugeSourceKind): number => STALENESS_HORIZON_HOURS[kind];

const HYDSTRA_FORMAT =
  'Kisters Hydstra web service (webservice.exe JSON): functions get_ts_traces, get_latest_ts_values, get_site_geojson, get_variable_list';
// AQUARIUS Publish v2 needs a session token from the agency; the portal hosts below are the agencies'
// public AQUARIUS servers, whose Publish endpoint and credentials must be confirmed with each agency.
const AQUARIUS_FORMAT =
  'AQUARIUS Time-Series Publish API v2 (Aquatic Informatics SDK service model): GetTimeSeriesDescriptionList, GetTimeSeriesCorrectedData, GetTimeSeriesUniqueIdList, GetLocationData';
const CC_BY_4 = 'CC BY 4.0';

/** What the telemetry services of one system share; each source adds its agency and address. */
const TELEMETRY = {
  kind: 'telemetry',
  pollIntervalSeconds: 900,
  stalenessHorizonHours: horizon('telemetry'),
  licence: CC_BY_4,
  licenceVerified: false,
} as const;
const HYDSTRA_TELEMETRY = { ...TELEMETRY, system: 'hydstra', formatReference: HYDSTRA_FORMAT } as const;
const AQUARIUS_TELEMETRY = {
  ...TELEMETRY,
  system: 'aquarius',
  publishPath: '/AQUARIUS/Publish/v2',
  formatReference: AQUARIUS_FORMAT,
} as const;

export const GAUGE_SOURCES: readonly GaugeSourceDefinition[] = [
  {
    ...HYDSTRA_TELEMETRY,
    name: 'nsw-hydstra',
    state: 'nsw',
    agency: 'WaterNSW',
    baseUrl: 'https://realtimedata.waternsw.com.au/cgi/webservice.exe',
    datasource: 'PROV',
    standardOffsetMinutes: 600,
    attribution: '© WaterNSW',
    homepage: 'https://realtimedata.waternsw.com.au/',
  },
  {
    ...HYDSTRA_TELEMETRY,
    name: 'vic-hydstra',
    state: 'vic',
    agency: 'Department of Energy, Environment and Climate Action (Victoria)',
    baseUrl: 'https://data.water.vic.gov.au/WMIS/cgi/webservice.exe',
    datasource: 'TELEM',
    standardOffsetMinutes: 600,
    attribution: '© State of Victoria (Department of Energy, Environment and Climate Action)',
    homepage: 'https://data.water.vic.gov.au/',
  },
  {
    ...HYDSTRA_TELEMETRY,
    name: 'qld-hydstra',
    state: 'qld',
    agency: 'Queensland Government water monitoring',
    baseUrl: 'https://water-monitoring.information.qld.gov.au/cgi/webservice.exe',
    datasource: 'AT',
    standardOffsetMinutes: 600,
    // Every response of this service carries "licence": "CC_40_BY".
    licenceVerified: true,
    attribution: '© State of Queensland',
    homepage: 'https://water-monitoring.information.qld.gov.au/',
  },
  {
    ...AQUARIUS_TELEMETRY,
    name: 'sa-aquarius',
    state: 'sa',
    agency: 'Department for Environment and Water (South Australia)',
    baseUrl: 'https://water.data.sa.gov.au',
    standardOffsetMinutes: 570,
    attribution: '© Government of South Australia (Department for Environment and Water)',
    homepage: 'https://water.data.sa.gov.au/',
  },
  {
    ...AQUARIUS_TELEMETRY,
    name: 'tas-aquarius',
    state: 'tas',
    agency: 'Department of Natural Resources and Environment Tasmania',
    baseUrl: 'https://portal.wrt.tas.gov.au',
    standardOffsetMinutes: 600,
    attribution: '© State of Tasmania (Department of Natural Resources and Environment Tasmania)',
    homepage: 'https://portal.wrt.tas.gov.au/',
  },
  {
    ...AQUARIUS_TELEMETRY,
    name: 'nt-aquarius',
    state: 'nt',
    agency: 'Northern Territory Government water resources',
    baseUrl: 'https://ntg.aquaticinformatics.net',
    standardOffsetMinutes: 570,
    attribution: '© Northern Territory Government',
    homepage: 'https://ntg.aquaticinformatics.net/',
  },
  {
    name: 'bom-kiwis',
    system: 'kiwis',
    kind: 'national_archive',
    state: null,
    agency: 'Bureau of Meteorology',
    baseUrl: 'http://www.bom.gov.au/waterdata/services',
    serviceQuery: 'service=kisters&type=queryServices&datasource=0&format=json',
    // KiWIS answers in +10:00 unless asked otherwise, wherever the station is.
    standardOffsetMinutes: 600,
    pollIntervalSeconds: 3600,
    stalenessHorizonHours: horizon('national_archive'),
    licence: CC_BY_4,
    licenceVerified: false,
    attribution: '© Commonwealth of Australia (Bureau of Meteorology), Water Data Online',
    homepage: 'http://www.bom.gov.au/waterdata/',
    formatReference:
      'Kisters KiWIS QueryServices JSON: getStationList, getTimeseriesList (arrays of arrays, header row first), getTimeseriesValues',
  },
  {
    // Brisbane's flood network loggers (ALERT-type) transmit when rain tips or a level steps, not on
    // a clock: a quiet sensor publishes "-" for hours, hence the council horizon of 48 h.
    name: 'bcc-telemetry',
    system: 'opendatasoft',
    kind: 'council_event',
    state: 'qld',
    agency: 'Brisbane City Council',
    baseUrl: 'https://data.brisbane.qld.gov.au/api/explore/v2.1/catalog/datasets',
    readingsDataset: 'telemetry-sensors-rainfall-and-stream-heights',
    sensorsDataset: 'telemetry-sensors-rainfall-and-stream-heights-metadata',
    standardOffsetMinutes: 600,
    pollIntervalSeconds: 300,
    stalenessHorizonHours: horizon('council_event'),
    licence: CC_BY_4,
    licenceVerified: false,
    attribution: '© Brisbane City Council',
    homepage:
      'https://data.brisbane.qld.gov.au/explore/dataset/telemetry-sensors-rainfall-and-stream-heights/',
    formatReference:
      'Opendatasoft Explore API v2.1 records (https://help.opendatasoft.com/apis/ods-explore-v2/); columns described on the two dataset pages of data.brisbane.qld.gov.au',
  },
];

export function gaugeSourceByName(name: string): GaugeSourceDefinition | undefined {
  return GAUGE_SOURCES.find((source) => source.name === name);
}

/** Where a mirror of the upstream services (UPSTREAM_BASE_URL: the demo's replay server) serves a source. */
export function gaugeMirrorPath(name: GaugeSourceName): string {
  return `/gauges/${name}`;
}

/** The base address actually polled: the service's own, or the source's path on a mirror. */
export function effectiveGaugeBaseUrl(source: GaugeSourceDefinition, upstreamBaseUrl?: string): string {
  if (!upstreamBaseUrl) return source.baseUrl;
  return new URL(gaugeMirrorPath(source.name), upstreamBaseUrl).toString();
}
