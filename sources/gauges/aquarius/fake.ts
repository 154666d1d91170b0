import { parseInstant } from '../../../model/time/fixed-offset.js';
import { readingTimes, valueAt, type SyntheticGauge } from '../fake/gauge.js';
import { fakeStations, type FakeCall, type SystemFake } from '../fake/system-fake.js';
import { isoText } from '../fake/time-text.js';
import type { AquariusSourceFields } from './poll.js';

/**
 * AQUARIUS Publish v2 answers for made-up gauges, in the SDK service model's shape (no real answer
 * was on hand): series descriptions with flood thresholds, corrected data, the changed-series list
 * of an incremental poll and location data. Dates are .NET round-trip text (seven fraction digits).
 */

const FRACTION = '.0000000';

export function isAquariusGauge(gauge: SyntheticGauge): boolean {
  return gauge.source.endsWith('-aquarius');
}

/** A stable made-up GUID per gauge. */
export function aquariusUniqueId(gauge: SyntheticGauge): string {
  const hex = (gauge.index + 1).toString(16).padStart(12, '0');
  return `5e0c1a2b-0000-4000-8000-${hex}`;
}

const parameterOf = (gauge: SyntheticGauge) =>
  gauge.variable === 'rainfall' ? { parameter: 'Rainfall', unit: 'mm' } : { parameter: 'Stage', unit: 'm' };

const aquariusTime = (epochMs: number, gauge: SyntheticGauge) =>
  isoText(epochMs, gauge.offsetMinutes, FRACTION);

export function renderAquariusDescriptions(gauges: readonly SyntheticGauge[], atMs: number): string {
  const descriptions = gauges.map((gauge) => {
    const { parameter, unit } = parameterOf(gauge);
    const offset = gauge.offsetMinutes;
    const thresholds = gauge.thresholds
      ? (['Minor', 'Moderate', 'Major'] as const).map((name, severity) => ({
          Name: `${name} Flood Level`,
          Description: `Synthetic ${name.toLowerCase()} flood class level`,
          ReferenceCode: '',
          Severity: severity + 1,
          Type: 'ThresholdAbove',
          DisplayColor: ['#FFD700', '#FF8C00', '#FF0000'][severity],
          Periods: [
            {
              StartTime: '0001-01-01T00:00:00.0000000+00:00',
              EndTime: '9999-12-31T23:59:59.9999999+00:00',
              AppliedTime: '2020-01-01T00:00:00.0000000Z',
              ReferenceValue: gauge.thresholds![name.toLowerCase() as 'minor' | 'moderate' | 'major'],
              SuppressData: false,
            },
          ],
        }))
      : [];
    return {
      Identifier: `${parameter}.Telemetry@${gauge.stationNo}`,
      UniqueId: aquariusUniqueId(gauge),
      LocationIdentifier: gauge.stationNo,
      Parameter: parameter,
      Unit: unit,
      UtcOffset: offset / 60,
      UtcOffsetIsoDuration: `PT${Math.floor(offset / 60)}H${offset % 60 ? `${offset % 60}M` : ''}`,
      LastModified: aquariusTime(atMs, gauge),
      RawStartTime: aquariusTime(atMs - 365 * 86_400_000, gauge),
      RawEndTime: aquariusTime(atMs, gauge),
      TimeSeriesType: 'ProcessorBasic',
      Label: 'Telemetry',
      Comment: '',
      Description: 'Synthetic series',
      Publish: true,
      ComputationIdentifier: 'Instantaneous',
      ComputationPeriodIdentifier: 'Unknown',
      SubLocationIdentifier: '',
      ExtendedAttributes: [],
      Thresholds: thresholds,
    };
  });
  return JSON.stringify({
    ResponseVersion: 1,
    ResponseTime: isoText(atMs, 0, FRACTION),
    Summary: '',
    TimeSeriesDescriptions: descriptions,
  });
}

/** Grade "1" up to six hours before `toMs`, then "-2" (unverified) for the newest points. */
export function aquariusGrade(timeMs: number, toMs: number): string {
  return timeMs < toMs - 6 * 3_600_000 ? '1' : '-2';
}

export function renderAquariusCorrectedData(gauge: SyntheticGauge, fromMs: number, toMs: number): string {
  const { parameter, unit } = parameterOf(gauge);
  const split = toMs - 6 * 3_600_000;
  const points: { Timestamp: string; Value: { Numeric?: number; Display: string } }[] = readingTimes(
    gauge,
    fromMs,
    toMs,
  ).map((time) => {
    const value = valueAt(gauge, time);
    return { Timestamp: aquariusTime(time, gauge), Value: { Numeric: value, Display: value.toFixed(3) } };
  });
  // A gap point, as the service writes one: no Numeric.
  points.push({ Timestamp: aquariusTime(toMs, gauge), Value: { Display: '' } });
  return JSON.stringify({
    ResponseVersion: 1,
    ResponseTime: isoText(toMs, 0, FRACTION),
    Summary: '',
    UniqueId: aquariusUniqueId(gauge),
    Parameter: parameter,
    Label: 'Telemetry',
    LocationIdentifier: gauge.stationNo,
    NumPoints: points.length,
    Unit: unit,
    Approvals: [],
    Qualifiers: [],
    Methods: [],
    Grades: [
      { StartTime: aquariusTime(fromMs, gauge), EndTime: aquariusTime(split, gauge), GradeCode: '1' },
      {
        StartTime: aquariusTime(split, gauge),
        EndTime: '9999-12-31T23:59:59.9999999+00:00',
        GradeCode: '-2',
      },
    ],
    GapTolerances: [],
    InterpolationTypes: [],
    Notes: [],
    TimeRange: null,
    Points: points,
  });
}

/** An incremental poll's answer: the gauges that reported since the token, and the next token. */
export function renderAquariusUniqueIds(
  changed: readonly SyntheticGauge[],
  options: { sinceMs: number; atMs: number; tokenExpired?: boolean },
): string {
  return JSON.stringify({
    ResponseVersion: 1,
    ResponseTime: isoText(options.atMs, 0, FRACTION),
    Summary: '',
    TokenExpired: options.tokenExpired ?? false,
    NextToken: isoText(options.atMs, 0, FRACTION).replace('+00:00', 'Z'),
    TimeSeriesUniqueIds: changed.map((gauge) => ({
      UniqueId: aquariusUniqueId(gauge),
      FirstPointChanged: aquariusTime(options.sinceMs, gauge),
      HasAttributeChange: false,
    })),
  });
}

export function renderAquariusLocation(gauge: SyntheticGauge): string {
  return JSON.stringify({
    ResponseVersion: 1,
    ResponseTime: '2026-01-01T00:00:00.0000000Z',
    Summary: '',
    LocationName: gauge.name,
    Description: '',
    Identifier: gauge.stationNo,
    LocationType: 'Hydrology Station',
    Latitude: gauge.latitude,
    Longitude: gauge.longitude,
    Srid: 4326,
    ElevationUnits: 'm',
    Elevation: 0,
    UtcOffset: gauge.offsetMinutes / 60,
    ExtendedAttributes: [],
    LocationRemarks: [],
    Attachments: [],
  });
}

/** ServiceStack's error answer, e.g. for an unknown series or a lapsed session. */
export function renderAquariusError(errorCode: string, message: string): string {
  return JSON.stringify({ ResponseStatus: { ErrorCode: errorCode, Message: message, Errors: [] } });
}

/** The answer to a Publish operation (the path below the Publish API), with its query. */
function answer(
  source: AquariusSourceFields,
  gauges: readonly SyntheticGauge[],
  { path, query }: FakeCall,
  nowMs: number,
): string | undefined {
  switch (path.slice(source.publishPath.length)) {
    case '/GetTimeSeriesDescriptionList':
      return renderAquariusDescriptions(gauges, nowMs);
    case '/GetTimeSeriesUniqueIdList': {
      const token = query.get('ChangesSinceToken');
      const sinceMs = token === null ? undefined : parseInstant(token)?.epochMs;
      const changed =
        sinceMs === undefined
          ? gauges
          : gauges.filter((gauge) => readingTimes(gauge, sinceMs, nowMs + 1).length > 0);
      return renderAquariusUniqueIds(changed, { sinceMs: sinceMs ?? nowMs, atMs: nowMs });
    }
    case '/GetLocationData': {
      const gauge = gauges.find((one) => one.stationNo === query.get('LocationIdentifier'));
      return gauge ? renderAquariusLocation(gauge) : renderAquariusError('NotFound', 'No such location');
    }
    case '/GetTimeSeriesCorrectedData': {
      const gauge = gauges.find((one) => aquariusUniqueId(one) === query.get('TimeSeriesUniqueId'));
      const from = parseInstant(query.get('QueryFrom') ?? '')?.epochMs;
      const to = parseInstant(query.get('QueryTo') ?? '')?.epochMs;
      if (!gauge) return renderAquariusError('NotFound', 'No such time series');
      return renderAquariusCorrectedData(gauge, from ?? nowMs - 86_400_000, Math.min(to ?? nowMs, nowMs) + 1);
    }
    default:
      return undefined;
  }
}

/** Made-up stations of the AQUARIUS sources, in the agencies' numbering styles. */
export const aquariusFake: SystemFake<AquariusSourceFields> = {
  stations: [
    fakeStations('sa-aquarius', 8, [-37.5, -30, 135, 140.5], (index) => `A${4_000_000 + index}`),
    fakeStations('tas-aquarius', 6, [-43.3, -41, 145, 148.2], (index) => `${18_000 + index}-1`),
    fakeStations('nt-aquarius', 4, [-20, -12, 130, 136.5], (index) => `G${8_100_000 + index}`),
  ],
  answer,
};
