import { gaugeSourceByName } from '../../config/gauge-sources.js';
import { GAUGE_UNITS, gaugeId, type GaugeSeries, type GaugeStation } from '../../model/index.js';
import { readingTimes, valueAt, type SyntheticGauge } from './fleet.js';
import { isoText } from './times.js';

/**
 * A made-up gauge as the parsers would hand it over (station and readings), without going through a
 * document: for warehouse tests and benchmarks that start after parsing.
 */
export function syntheticStation(gauge: SyntheticGauge): GaugeStation {
  return {
    id: gaugeId(gauge.source, gauge.stationNo, gauge.variable),
    source: gauge.source,
    stationNo: gauge.stationNo,
    name: gauge.name,
    state: gauge.state,
    latitude: gauge.latitude,
    longitude: gauge.longitude,
    variable: gauge.variable,
    unit: GAUGE_UNITS[gauge.variable],
    datum: gauge.datum,
  };
}

export function syntheticSeries(gauge: SyntheticGauge, fromMs: number, toMs: number): GaugeSeries {
  const offset = gaugeSourceByName(gauge.source)?.standardOffsetMinutes ?? 600;
  return {
    station: syntheticStation(gauge),
    readings: readingTimes(gauge, fromMs, toMs).map((time) => ({
      time: isoText(time, offset),
      value: valueAt(gauge, time),
      quality: null,
    })),
    missing: 0,
  };
}
