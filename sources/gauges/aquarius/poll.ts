import type { FloodThresholds, GaugeSeries, GaugeStation } from '../../../model/index.js';
import { formatAtOffset } from '../../../model/time/fixed-offset.js';
import type { PollSequence, PollWindow } from '../poll-sequence.js';
import type { GaugeSourceContext } from '../station.js';
import { parseAquariusCorrectedData } from './corrected-data.js';
import { parseAquariusDescriptions, type AquariusSeriesDescription } from './descriptions.js';
import { parseAquariusLocation, type AquariusLocation } from './location-data.js';
import { aquariusSeries, aquariusStation } from './series.js';
import { aquariusFloodThresholds } from './thresholds.js';
import { parseAquariusUniqueIds } from './unique-ids.js';

/** What an AQUARIUS poll reads from its catalogue entry (config/gauge-sources.ts). */
export interface AquariusSourceFields extends GaugeSourceContext {
  system: 'aquarius';
  /** The service's public address, which thresholds cite. */
  baseUrl: string;
  /** Path of the Publish API under the address. */
  publishPath: string;
}

/** Locations barely change: the worker keeps them (window.memory), by source and identifier. */
const locationKey = (source: string, identifier: string) => `aquarius-location|${source}|${identifier}`;

/** A published series' station, with its description and remembered location. */
interface DescribedStation {
  station: GaugeStation;
  description: AquariusSeriesDescription;
  location: AquariusLocation | undefined;
}

/** The station of each published series, at its remembered location, and their flood thresholds by station id. */
function aquariusStations(
  descriptions: readonly AquariusSeriesDescription[],
  { source, toMs, memory }: Pick<PollWindow<AquariusSourceFields>, 'source' | 'toMs' | 'memory'>,
): { stations: DescribedStation[]; seriesThresholds: Map<string, FloodThresholds> } {
  const officialDescriptions = `${source.baseUrl}${source.publishPath}/GetTimeSeriesDescriptionList`;
  const locationOf = (identifier: string) =>
    memory.get(locationKey(source.name, identifier)) as AquariusLocation | undefined;
  const seriesThresholds = new Map<string, FloodThresholds>();
  const retrieved = new Date(toMs).toISOString().slice(0, 10);
  const stations = descriptions.map((description) => {
    const location = locationOf(description.locationIdentifier);
    const station = aquariusStation(description, location, source, description.measure!);
    const thresholds = aquariusFloodThresholds(description, {
      atMs: toMs,
      sourceUrl: officialDescriptions,
      retrieved,
    });
    if (thresholds) seriesThresholds.set(station.id, thresholds);
    return { station, description, location };
  });
  return { stations, seriesThresholds };
}

/**
 * An AQUARIUS Publish v2 poll: the series descriptions (with their flood thresholds), the series
 * changed since the last committed poll's token (every series without one, or when it expired), the
 * location of each station not yet known, and the corrected points of each changed series in the
 * window. The next token is kept only once this poll is committed, so a failed poll loses nothing.
 * (The Publish API needs a session from the agency; its credentials are not part of this service yet.)
 */
export function* aquariusPoll({
  source,
  baseUrl,
  fromMs,
  toMs,
  token,
  memory,
}: PollWindow<AquariusSourceFields>): PollSequence {
  const base = `${baseUrl}${source.publishPath}`;
  const get = (operation: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return `${base}/${operation}${search ? `?${search}` : ''}`;
  };

  const descriptionsBody = yield get('GetTimeSeriesDescriptionList');
  const descriptions = parseAquariusDescriptions(descriptionsBody).filter(
    (description) => description.publish && description.measure,
  );
  const changesBody = yield get('GetTimeSeriesUniqueIdList', token ? { ChangesSinceToken: token } : {});
  const changes = parseAquariusUniqueIds(changesBody);
  const changed =
    token && !changes.tokenExpired ? new Set(changes.changes.map((change) => change.uniqueId)) : undefined;

  for (const identifier of new Set(descriptions.map((description) => description.locationIdentifier))) {
    const key = locationKey(source.name, identifier);
    if (memory.has(key)) continue;
    const body = yield get('GetLocationData', { LocationIdentifier: identifier });
    memory.set(key, parseAquariusLocation(body));
  }

  const { stations, seriesThresholds } = aquariusStations(descriptions, { source, toMs, memory });
  const series: GaugeSeries[] = [];
  const offset = source.standardOffsetMinutes;
  for (const { description, location } of stations) {
    if (changed && !changed.has(description.uniqueId)) continue;
    const body = yield get('GetTimeSeriesCorrectedData', {
      TimeSeriesUniqueId: description.uniqueId,
      QueryFrom: formatAtOffset(fromMs, offset),
      QueryTo: formatAtOffset(toMs, offset),
    });
    const data = parseAquariusCorrectedData(body);
    const one = aquariusSeries(description, location, data, source);
    if (one) series.push(one);
  }
  return {
    stations: stations.map(({ station }) => station),
    series,
    seriesThresholds,
    skipped: 0,
    nextToken: changes.nextToken,
  };
}
