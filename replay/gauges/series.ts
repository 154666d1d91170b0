import { GAUGE_UNITS, gaugeId, type GaugeSeries, type GaugeStation } from '../../model/index.js';
import { isoText, readingTimes, valueAt, type SyntheticGauge } from '../../sources/gauges/fake/index.js';

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
  return {
    station: syntheticStation(gauge),
    readings: readingTimes(gauge, fromMs, toMs).map((time) => ({
      time: isoText(time, gauge.offsetMinutes),
      value: valueAt(gauge, time),
      quality: null,
    })),
    missing: 0,
  };
}
