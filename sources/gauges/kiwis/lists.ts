import { numberOf } from '../json-body.js';
import { normaliseInstant } from '../../../model/time/fixed-offset.js';
import type { GaugeMeasure } from '../station.js';
import { kiwisTable } from './envelope.js';
import { kiwisMeasure } from './parameters.js';

/** getStationList / getTimeseriesList / getParameterList / getGroupList, as typed records. */

export interface KiwisStation {
  stationNo: string;
  stationId: string;
  name: string;
  latitude: number | undefined;
  longitude: number | undefined;
}

/** Stations, once each (an all-fields answer repeats a station for every parameter it measures). */
export function parseKiwisStationList(body: Uint8Array | string): KiwisStation[] {
  const stations = new Map<string, KiwisStation>();
  for (const row of kiwisTable(body, 'getStationList')) {
    const stationNo = row.station_no ?? '';
    if (stationNo === '' || stations.has(stationNo)) continue;
    stations.set(stationNo, {
      stationNo,
      stationId: row.station_id ?? '',
      name: row.station_name ?? stationNo,
      latitude: numberOf(row.station_latitude),
      longitude: numberOf(row.station_longitude),
    });
  }
  return [...stations.values()];
}

export interface KiwisTimeseries {
  tsId: string;
  tsName: string;
  tsPath: string;
  stationNo: string;
  stationName: string;
  parameterName: string;
  unitSymbol: string;
  /** Period covered, when the answer carries `from`/`to`. */
  from: string | undefined;
  to: string | undefined;
  measure: GaugeMeasure | undefined;
}

export function parseKiwisTimeseriesList(body: Uint8Array | string): KiwisTimeseries[] {
  return kiwisTable(body, 'getTimeseriesList').map((row) => {
    const parameterName = row.parametertype_name ?? '';
    const unitSymbol = row.ts_unitsymbol ?? '';
    return {
      tsId: row.ts_id ?? '',
      tsName: row.ts_name ?? '',
      tsPath: row.ts_path ?? '',
      stationNo: row.station_no ?? '',
      stationName: row.station_name ?? '',
      parameterName,
      unitSymbol,
      from: row.from ? normaliseInstant(row.from) : undefined,
      to: row.to ? normaliseInstant(row.to) : undefined,
      measure: kiwisMeasure(parameterName, unitSymbol),
    };
  });
}

export interface KiwisParameter {
  stationNo: string;
  parameterTypeId: string;
  parameterTypeName: string;
}

export function parseKiwisParameterList(body: Uint8Array | string): KiwisParameter[] {
  return kiwisTable(body, 'getParameterList').map((row) => ({
    stationNo: row.station_no ?? '',
    parameterTypeId: row.parametertype_id ?? '',
    parameterTypeName: row.parametertype_name ?? '',
  }));
}

export interface KiwisGroup {
  groupId: string;
  groupName: string;
  groupType: string;
}

export function parseKiwisGroupList(body: Uint8Array | string): KiwisGroup[] {
  return kiwisTable(body, 'getGroupList').map((row) => ({
    groupId: row.group_id ?? '',
    groupName: row.group_name ?? '',
    groupType: row.group_type ?? '',
  }));
}
