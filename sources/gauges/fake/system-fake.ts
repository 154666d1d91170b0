import type { GaugeDatum, GaugeSourceName } from '../../../model/index.js';
import type { SyntheticGauge } from './gauge.js';

/** How the made-up stations of one source look in the replay's fleet. */
export interface FakeStationStyle {
  source: GaugeSourceName;
  /** Its share of the fleet, relative to the other sources' weights. */
  weight: number;
  /** Rough box [minLat, maxLat, minLng, maxLng] to scatter its stations in. */
  box: readonly [number, number, number, number];
  /** Share of its gauges that measure rainfall. */
  rainShare: number;
  /** What its level series are measured from, as its parser will read them. */
  levelDatum: GaugeDatum;
  /** A station number in the agency's style (made up). */
  stationNo(index: number): string;
}

/**
 * One source's made-up stations in the fleet; a fifth of them rain gauges and levels on a local datum
 * unless `style` says otherwise.
 */
export function fakeStations(
  source: GaugeSourceName,
  weight: number,
  box: FakeStationStyle['box'],
  stationNo: FakeStationStyle['stationNo'],
  style: Partial<Pick<FakeStationStyle, 'rainShare' | 'levelDatum'>> = {},
): FakeStationStyle {
  return { source, weight, box, rainShare: 0.2, levelDatum: 'local', stationNo, ...style };
}

/** One call to a fake: its path below the source's address, its query, and the raw query text. */
export interface FakeCall {
  path: string;
  query: URLSearchParams;
  search: string;
}

/** The pure part of a system's stand-in for the replay server: made-up answers in the system's format. */
export interface SystemFake<S> {
  /** The made-up stations of each of the system's sources, in the fleet's order. */
  stations: readonly FakeStationStyle[];
  /** The body answering a call from the source's gauges up to `nowMs`; undefined for a call the service does not have. */
  answer(source: S, gauges: readonly SyntheticGauge[], call: FakeCall, nowMs: number): string | undefined;
}
