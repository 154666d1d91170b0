import { malformed } from '../errors.js';
import { asRecord, numberOf, textOf } from '../json-body.js';
import { HYDSTRA_FORMAT, hydstraAnswer, siteOffsetMinutes } from './envelope.js';

/**
 * Hydstra's site catalogue calls: `get_site_geojson` (coordinates and requested fields),
 * `get_site_list`, `get_sites_by_datasource`, `get_datasources_by_site` and `get_groups` (the agency's
 * station groupings, e.g. Victoria's "sites for flood warning"). An answer of error 126 is an empty list.
 */

export interface HydstraSite {
  site: string;
  name: string;
  latitude: number | undefined;
  longitude: number | undefined;
  /** From a requested `timezone` field, when present. */
  offsetMinutes: number | undefined;
}

/** `get_site_geojson`: `{type: FeatureCollection, features: [{id, geometry{coordinates: [lng, lat]}, properties}]}`. */
export function parseHydstraSiteGeojson(body: Uint8Array | string): HydstraSite[] {
  const fn = 'get_site_geojson';
  const answer = hydstraAnswer(body, fn);
  if (answer.kind === 'no_data') return [];
  const features = asRecord(answer.value)?.features;
  if (!Array.isArray(features)) throw malformed(`${HYDSTRA_FORMAT} ${fn}`, 'return has no features array');
  return features.flatMap((item): HydstraSite[] => {
    const feature = asRecord(item) ?? {};
    const properties = asRecord(feature.properties) ?? {};
    const site = textOf(feature.id) ?? textOf(properties.station) ?? textOf(properties.site);
    if (site === undefined) return [];
    const coordinates = asRecord(feature.geometry)?.coordinates;
    const [longitude, latitude] = Array.isArray(coordinates) ? coordinates.map(numberOf) : [];
    return [
      {
        site,
        name: textOf(properties.stname) ?? textOf(properties.name) ?? textOf(properties.stnamel) ?? site,
        latitude,
        longitude,
        offsetMinutes: siteOffsetMinutes(properties.timezone),
      },
    ];
  });
}

/** `get_site_list`: `{sites: ["203010", ...]}`. */
export function parseHydstraSiteList(body: Uint8Array | string): string[] {
  const fn = 'get_site_list';
  const answer = hydstraAnswer(body, fn);
  if (answer.kind === 'no_data') return [];
  return stringList(asRecord(answer.value)?.sites, `${HYDSTRA_FORMAT} ${fn}`);
}

/** `get_sites_by_datasource`: datasource → its sites. */
export function parseHydstraSitesByDatasource(body: Uint8Array | string): Map<string, string[]> {
  const fn = 'get_sites_by_datasource';
  return pairs(body, fn, 'datasources', 'datasource', 'sites');
}

/** `get_datasources_by_site`: site → the datasources that hold it (`A`, `PROV`, `TELEM`, `AT`…). */
export function parseHydstraDatasourcesBySite(body: Uint8Array | string): Map<string, string[]> {
  const fn = 'get_datasources_by_site';
  return pairs(body, fn, 'sites', 'site', 'datasources');
}

export interface HydstraGroup {
  group: string;
  groupName: string;
  value: string;
  valueName: string | undefined;
  stations: string[];
}

/** `get_groups`: `return` is an array of `{group, group_decode, value, value_decode, stations}`. */
export function parseHydstraGroups(body: Uint8Array | string): HydstraGroup[] {
  const fn = 'get_groups';
  const answer = hydstraAnswer(body, fn);
  if (answer.kind === 'no_data') return [];
  if (!Array.isArray(answer.value)) throw malformed(`${HYDSTRA_FORMAT} ${fn}`, 'return is not an array');
  return answer.value.map((item) => {
    const entry = asRecord(item) ?? {};
    return {
      group: textOf(entry.group) ?? '',
      groupName: textOf(entry.group_decode) ?? '',
      value: textOf(entry.value) ?? '',
      valueName: textOf(entry.value_decode),
      stations: stringList(entry.stations, `${HYDSTRA_FORMAT} ${fn}`),
    };
  });
}

function pairs(body: Uint8Array | string, fn: string, listKey: string, key: string, valuesKey: string) {
  const format = `${HYDSTRA_FORMAT} ${fn}`;
  const answer = hydstraAnswer(body, fn);
  const result = new Map<string, string[]>();
  if (answer.kind === 'no_data') return result;
  const list = asRecord(answer.value)?.[listKey];
  if (!Array.isArray(list)) throw malformed(format, `return has no ${listKey} array`);
  for (const item of list) {
    const entry = asRecord(item) ?? {};
    const name = textOf(entry[key]);
    if (name !== undefined) result.set(name, stringList(entry[valuesKey], format));
  }
  return result;
}

function stringList(value: unknown, format: string): string[] {
  if (!Array.isArray(value)) throw malformed(format, 'expected a list of names');
  return value.flatMap((item) => {
    const text = textOf(item) ?? textOf(asRecord(item)?.site);
    return text === undefined ? [] : [text];
  });
}
