import { describe, expect, it } from 'vitest';
import {
  aquariusFloodThresholds,
  aquariusSeries,
  parseAquariusCorrectedData,
  parseAquariusDescriptions,
  parseAquariusLocation,
  parseAquariusUniqueIds,
} from '../../sources/gauges/aquarius/index.js';
import type { GaugeSourceError } from '../../sources/gauges/errors.js';
import { source } from './reference.js';

/**
 * No real AQUARIUS Publish answer was on hand: these fixtures follow the public SDK's service model
 * (property names, "o" round-trip dates, ServiceStack errors) with made-up values.
 */

const SA = source('sa-aquarius');
const OPEN_START = '0001-01-01T00:00:00.0000000+00:00';
const OPEN_END = '9999-12-31T23:59:59.9999999+00:00';

const threshold = (name: string, value: number, type = 'ThresholdAbove', periods?: unknown[]) => ({
  Name: name,
  Description: '',
  ReferenceCode: '',
  Severity: 1,
  Type: type,
  DisplayColor: '#FF0000',
  Periods: periods ?? [
    {
      StartTime: OPEN_START,
      EndTime: OPEN_END,
      AppliedTime: '2020-01-01T00:00:00Z',
      ReferenceValue: value,
      SuppressData: false,
    },
  ],
});

const description = (overrides: Record<string, unknown>) => ({
  Identifier: 'Stage.Telemetry@A4260999',
  UniqueId: 'a0000000-0000-4000-8000-000000000001',
  LocationIdentifier: 'A4260999',
  Parameter: 'Stage',
  Unit: 'm',
  UtcOffset: 9.5,
  LastModified: '2026-03-01T10:00:00.0000000+09:30',
  RawStartTime: '2001-01-01T00:00:00.0000000+09:30',
  RawEndTime: '2026-03-01T09:45:00.0000000+09:30',
  TimeSeriesType: 'ProcessorBasic',
  Label: 'Telemetry',
  Publish: true,
  ExtendedAttributes: [],
  Thresholds: [],
  ...overrides,
});

const descriptions = (...items: unknown[]) =>
  JSON.stringify({
    ResponseVersion: 1,
    ResponseTime: '2026-03-01T00:30:00.0000000Z',
    Summary: '',
    TimeSeriesDescriptions: items,
  });

describe('AQUARIUS GetTimeSeriesDescriptionList', () => {
  it('reads series, tells level (stage on gauge datum, AHD when named) and rain from other parameters', () => {
    const parsed = parseAquariusDescriptions(
      descriptions(
        description({}),
        description({
          UniqueId: 'b',
          Identifier: 'Water Level.AHD@X',
          Parameter: 'Water Level',
          Label: 'AHD',
        }),
        description({ UniqueId: 'c', Parameter: 'Rainfall', Unit: 'mm' }),
        description({ UniqueId: 'd', Parameter: 'Discharge', Unit: 'm^3/s' }),
        description({ UniqueId: 'e', Parameter: 'Stage', Unit: 'ft' }),
      ),
    );
    expect(parsed.map((entry) => entry.measure)).toEqual([
      { variable: 'water_level', datum: 'local' },
      { variable: 'water_level', datum: 'ahd' },
      { variable: 'rainfall', datum: null },
      undefined,
      undefined,
    ]);
    expect(parsed[0]).toMatchObject({
      uniqueId: 'a0000000-0000-4000-8000-000000000001',
      locationIdentifier: 'A4260999',
      utcOffsetMinutes: 570,
      rawEndTime: '2026-03-01T09:45:00+09:30',
    });
  });

  it('takes flood class levels from ThresholdAbove thresholds named for a class, in force at the instant', () => {
    const at = Date.parse('2026-03-01T00:00:00Z');
    const [entry] = parseAquariusDescriptions(
      descriptions(
        description({
          Thresholds: [
            threshold('Minor Flood Level', 3.2),
            threshold('MODERATE', 4.1),
            threshold('Major flood', 5.0, 'ThresholdAbove', [
              { StartTime: OPEN_START, EndTime: '2020-01-01T00:00:00.0000000+09:30', ReferenceValue: 6.0 },
              { StartTime: '2020-01-01T00:00:00.0000000+09:30', EndTime: OPEN_END, ReferenceValue: 5.5 },
            ]),
            threshold('Low flow minor alarm', 0.2, 'ThresholdBelow'),
          ],
        }),
      ),
    );
    expect(
      aquariusFloodThresholds(entry!, {
        atMs: at,
        sourceUrl: 'https://example.org/publish',
        retrieved: '2026-03-01',
      }),
    ).toEqual({
      minor: 3.2,
      moderate: 4.1,
      major: 5.5,
      datum: 'local',
      sourceUrl: 'https://example.org/publish',
      retrieved: '2026-03-01',
    });
  });

  it('leaves a class empty when two thresholds claim it, and gives none without class thresholds or for rain', () => {
    const options = {
      atMs: Date.parse('2026-03-01T00:00:00Z'),
      sourceUrl: 'https://example.org',
      retrieved: '2026-03-01',
    };
    const [twice, none, rain] = parseAquariusDescriptions(
      descriptions(
        description({
          Thresholds: [threshold('Minor', 3), threshold('Minor (old)', 2.9), threshold('Major', 5)],
        }),
        description({ UniqueId: 'n', Thresholds: [threshold('Alarm 1', 3)] }),
        description({
          UniqueId: 'r',
          Parameter: 'Rainfall',
          Unit: 'mm',
          Thresholds: [threshold('Minor', 20)],
        }),
      ),
    );
    expect(aquariusFloodThresholds(twice!, options)).toMatchObject({ minor: null, moderate: null, major: 5 });
    expect(aquariusFloodThresholds(none!, options)).toBeNull();
    expect(aquariusFloodThresholds(rain!, options)).toBeNull();
  });

  it('raises a ServiceStack error answer as an upstream error', () => {
    const body = JSON.stringify({
      ResponseStatus: { ErrorCode: 'InvalidSession', Message: 'Session expired', Errors: [] },
    });
    expect(() => parseAquariusDescriptions(body)).toThrow(
      expect.objectContaining({ kind: 'upstream', upstreamCode: 'InvalidSession' }) as GaugeSourceError,
    );
    expect(() => parseAquariusDescriptions('<html><body>Service unavailable</body></html>')).toThrow(
      expect.objectContaining({ kind: 'malformed' }) as GaugeSourceError,
    );
  });
});

describe('AQUARIUS GetTimeSeriesCorrectedData, GetLocationData and an incremental poll', () => {
  const data = JSON.stringify({
    ResponseVersion: 1,
    ResponseTime: '2026-03-01T00:30:00.0000000Z',
    UniqueId: 'a0000000-0000-4000-8000-000000000001',
    Parameter: 'Stage',
    Label: 'Telemetry',
    LocationIdentifier: 'A4260999',
    NumPoints: 4,
    Unit: 'm',
    Grades: [
      {
        StartTime: '2026-02-28T00:00:00.0000000+09:30',
        EndTime: '2026-03-01T09:30:00.0000000+09:30',
        GradeCode: '1',
      },
      { StartTime: '2026-03-01T09:30:00.0000000+09:30', EndTime: OPEN_END, GradeCode: '-2' },
    ],
    Points: [
      { Timestamp: '2026-03-01T09:00:00.0000000+09:30', Value: { Numeric: 3.204, Display: '3.204' } },
      { Timestamp: '2026-03-01T09:15:00.0000000+09:30', Value: { Display: '' } },
      { Timestamp: '2026-03-01T09:30:00.0000000+09:30', Value: { Numeric: 3.25, Display: '3.250' } },
      { Timestamp: '2026-02-28T24:00:00.0000000+09:30', Value: { Numeric: 3.1, Display: '3.100' } },
    ],
  });

  it('reads points with their offset, a null Numeric as a gap, T24:00 as the next midnight, grades as quality', () => {
    expect(parseAquariusCorrectedData(data)).toEqual({
      uniqueId: 'a0000000-0000-4000-8000-000000000001',
      locationIdentifier: 'A4260999',
      parameter: 'Stage',
      unit: 'm',
      readings: [
        { time: '2026-03-01T09:00:00+09:30', value: 3.204, quality: '1' },
        { time: '2026-03-01T09:30:00+09:30', value: 3.25, quality: '-2' },
        { time: '2026-03-01T00:00:00+09:30', value: 3.1, quality: '1' },
      ],
      missing: 1,
    });
  });

  it('joins description, location and points into a located gauge series', () => {
    const [entry] = parseAquariusDescriptions(descriptions(description({})));
    const location = parseAquariusLocation(
      JSON.stringify({
        LocationName: 'Example Creek at Weir',
        Identifier: 'A4260999',
        Latitude: -34.9,
        Longitude: 138.6,
        UtcOffset: 9.5,
      }),
    );
    const series = aquariusSeries(entry!, location, parseAquariusCorrectedData(data), SA);
    expect(series?.station).toEqual({
      id: 'sa-aquarius:A4260999:level',
      source: 'sa-aquarius',
      stationNo: 'A4260999',
      name: 'Example Creek at Weir',
      state: 'sa',
      latitude: -34.9,
      longitude: 138.6,
      variable: 'water_level',
      unit: 'm',
      datum: 'local',
    });
    expect(series?.readings).toHaveLength(3);
  });

  it('reads the changes since a token, keeping the next token verbatim, and a lapsed token', () => {
    const changes = parseAquariusUniqueIds(
      JSON.stringify({
        ResponseVersion: 1,
        ResponseTime: '2026-03-01T00:30:00.0000000Z',
        TokenExpired: false,
        NextToken: '2026-03-01T00:29:59.1234567Z',
        TimeSeriesUniqueIds: [
          {
            UniqueId: 'a',
            FirstPointChanged: '2026-03-01T09:30:00.0000000+09:30',
            HasAttributeChange: false,
          },
          { UniqueId: 'b', HasAttributeChange: true },
        ],
      }),
    );
    expect(changes).toEqual({
      nextToken: '2026-03-01T00:29:59.1234567Z',
      tokenExpired: false,
      changes: [
        { uniqueId: 'a', firstPointChanged: '2026-03-01T09:30:00+09:30', attributesChanged: false },
        { uniqueId: 'b', firstPointChanged: null, attributesChanged: true },
      ],
    });
    const lapsed = parseAquariusUniqueIds(JSON.stringify({ TokenExpired: true, TimeSeriesUniqueIds: [] }));
    expect(lapsed).toEqual({ nextToken: null, tokenExpired: true, changes: [] });
  });
});
