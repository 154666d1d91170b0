import {
  aquariusFloodThresholds,
  aquariusSeries,
  gaugeStation,
  parseAquariusCorrectedData,
  parseAquariusDescriptions,
  parseAquariusLocation,
  parseAquariusUniqueIds,
  type AquariusLocation,
} from '../../sources/gauges/index.js';
import { formatAtOffset } from '../../model/time/fixed-offset.js';
import type { FloodThresholds, GaugeSeries } from '../../model/index.js';
import { parsed } from './source-fetch.js';
import type { SourcePoller } from './source-poll.js';

/** Locations barely change: kept for the life of the worker, by source and identifier. */
const locations = new Map<string, AquariusLocation>();

/**
 * An AQUARIUS Publish v2 poll: the series descriptions (with their flood thresholds), the series
 * changed since the last committed poll's token (every series without one, or when it expired), the
 * location of each station not yet known, and the corrected points of each changed series in the
 * window. The next token is kept only once this poll is committed, so a failed poll loses nothing.
 * (The Publish API needs a session from the agency; its credentials are not part of this service yet.)
 */
export const pollAquarius: SourcePoller = async ({ source, baseUrl, fromMs, toMs, token, fetcher }) => {
  if (source.system !== 'aquarius') throw new Error(`${source.name} is not an AQUARIUS source`);
  const base = `${baseUrl}${source.publishPath}`;
  const officialDescriptions = `${source.baseUrl}${source.publishPath}/GetTimeSeriesDescriptionList`;
  const get = (operation: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return fetcher.get(`${base}/${operation}${search ? `?${search}` : ''}`);
  };

  const descriptionsBody = await get('GetTimeSeriesDescriptionList');
  const descriptions = parsed(() => parseAquariusDescriptions(descriptionsBody)).filter(
    (description) => description.publish && description.measure,
  );
  const changesBody = await get('GetTimeSeriesUniqueIdList', token ? { ChangesSinceToken: token } : {});
  const changes = parsed(() => parseAquariusUniqueIds(changesBody));
  const changed =
    token && !changes.tokenExpired ? new Set(changes.changes.map((change) => change.uniqueId)) : undefined;

  for (const identifier of new Set(descriptions.map((description) => description.locationIdentifier))) {
    const key = `${source.name}|${identifier}`;
    if (locations.has(key)) continue;
    const body = await get('GetLocationData', { LocationIdentifier: identifier });
    locations.set(
      key,
      parsed(() => parseAquariusLocation(body)),
    );
  }

  const series: GaugeSeries[] = [];
  const seriesThresholds = new Map<string, FloodThresholds>();
  const retrieved = new Date(toMs).toISOString().slice(0, 10);
  const stations = descriptions.map((description) => {
    const location = locations.get(`${source.name}|${description.locationIdentifier}`);
    const station = gaugeStation(
      source,
      {
        stationNo: description.locationIdentifier,
        name: location?.name ?? description.locationIdentifier,
        latitude: location?.latitude,
        longitude: location?.longitude,
      },
      description.measure!,
    );
    const thresholds = aquariusFloodThresholds(description, {
      atMs: toMs,
      sourceUrl: officialDescriptions,
      retrieved,
    });
    if (thresholds) seriesThresholds.set(station.id, thresholds);
    return { station, description, location };
  });
  const offset = source.standardOffsetMinutes;
  for (const { description, location } of stations) {
    if (changed && !changed.has(description.uniqueId)) continue;
    const body = await get('GetTimeSeriesCorrectedData', {
      TimeSeriesUniqueId: description.uniqueId,
      QueryFrom: formatAtOffset(fromMs, offset),
      QueryTo: formatAtOffset(toMs, offset),
    });
    const data = parsed(() => parseAquariusCorrectedData(body));
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
};
