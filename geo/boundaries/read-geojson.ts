import { boundarySetFromFeatures } from './abs-features.js';
import type { BoundaryReadOptions, FeatureLike, LgaBoundarySet } from './lga-boundary.js';

/** An ABS LGA GeoJSON FeatureCollection (text or parsed) → boundary set. */
export function readLgaGeoJson(input: string | object, options: BoundaryReadOptions = {}): LgaBoundarySet {
  const collection = (typeof input === 'string' ? JSON.parse(input) : input) as {
    type?: unknown;
    features?: unknown;
    madeUp?: unknown;
  };
  if (collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw new Error('Expected a GeoJSON FeatureCollection');
  }
  const set = boundarySetFromFeatures(collection.features as FeatureLike[], options);
  return typeof collection.madeUp === 'string' ? { ...set, madeUp: collection.madeUp } : set;
}
