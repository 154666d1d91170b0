import { shapeMeetsBox, shapeWithin, type BBox } from '../../geo/shapes.js';
import type { EventType, FeatureType, Severity, StateCode, WarningLevel } from '../../model/index.js';
import type { ChangeFacets, StreamChange, StreamChangeType } from './change.js';

/** A stream's filters, as on the lists: each narrows the changes; none given admits every change. */
export interface StreamFilters {
  types?: readonly StreamChangeType[] | undefined;
  state?: readonly StateCode[] | undefined;
  /** Incidents of these feature types (the stream's default: point incidents, as the list's). */
  featureType?: readonly FeatureType[] | undefined;
  eventType?: readonly EventType[] | undefined;
  severity?: readonly Severity[] | undefined;
  warningLevel?: readonly WarningLevel[] | undefined;
  bbox?: { minLon: number; minLat: number; maxLon: number; maxLat: number } | undefined;
  /** Within `radiusKm` of a point. */
  near?: { lat: number; lng: number; radiusKm: number } | undefined;
}

const given = <T>(values: readonly T[] | undefined): values is readonly T[] =>
  values !== undefined && values.length > 0;

function overlaps<T>(wanted: readonly T[], values: readonly T[]): boolean {
  return values.some((value) => wanted.includes(value));
}

/**
 * A matcher for a stream's filters, built once per connection. A change matches when its state after
 * or before the change passes every filter (so an incident moving out of a box is seen leaving).
 * Filters a resource does not carry leave it out: gauges have no event type, severity or warning level;
 * changes without a location fail a box or a radius.
 */
export function changeMatcher(filters: StreamFilters): (change: StreamChange) => boolean {
  const types = given(filters.types) ? new Set(filters.types) : undefined;
  const box: BBox | undefined = filters.bbox && [
    filters.bbox.minLon,
    filters.bbox.minLat,
    filters.bbox.maxLon,
    filters.bbox.maxLat,
  ];
  const { near } = filters;
  const facetsMatch = (facets: ChangeFacets): boolean => {
    if (given(filters.state) && !overlaps<string>(filters.state, facets.states)) return false;
    if (facets.featureType && given(filters.featureType) && !filters.featureType.includes(facets.featureType))
      return false;
    if (given(filters.eventType) && !overlaps(filters.eventType, facets.eventTypes)) return false;
    if (given(filters.severity) && !overlaps(filters.severity, facets.severities)) return false;
    if (given(filters.warningLevel) && !overlaps(filters.warningLevel, facets.warningLevels)) return false;
    if (box && !(facets.shape && shapeMeetsBox(facets.shape, box))) return false;
    if (near && !(facets.shape && shapeWithin(facets.shape, near.lng, near.lat, near.radiusKm))) return false;
    return true;
  };
  return (change) => (!types || types.has(change.type)) && change.facets.some(facetsMatch);
}

/**
 * The same key for the same filters, however they were written (order of a list, a token's scope or
 * the query): streams that share it share the encoded bytes of every batch.
 */
export function filterKey(filters: StreamFilters): string {
  const sorted = (values: readonly string[] | undefined) =>
    values && values.length > 0 ? [...values].sort() : null;
  return JSON.stringify([
    sorted(filters.types),
    sorted(filters.state),
    sorted(filters.featureType),
    sorted(filters.eventType),
    sorted(filters.severity),
    sorted(filters.warningLevel),
    filters.bbox
      ? [filters.bbox.minLon, filters.bbox.minLat, filters.bbox.maxLon, filters.bbox.maxLat]
      : null,
    filters.near ? [filters.near.lat, filters.near.lng, filters.near.radiusKm] : null,
  ]);
}
