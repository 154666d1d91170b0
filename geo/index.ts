export type {
  BoundaryReadOptions,
  FeatureLike,
  LgaBoundary,
  LgaBoundarySet,
  SkippedBoundaryFeature,
} from './boundaries/lga-boundary.js';
export { LGA_2023_TO_2022_CODES } from './boundaries/editions.js';
export { boundarySetFromFeatures } from './boundaries/abs-features.js';
export { readLgaGeoJson } from './boundaries/read-geojson.js';
export { readLgaTopoJson, type TopoJsonReadOptions } from './boundaries/read-topojson.js';
export { readLgaShapefile, type ShapefileReadOptions } from './boundaries/read-shapefile.js';
export { loadLgaBoundaries } from './boundaries/load.js';
export { buildLgaIndex, type LgaIndex, type LgaIndexOptions, type LgaLookup } from './lga-index.js';
export * from './localities/locality-tables.js';
export * from './localities/postcode-directory.js';
export {
  normaliseSuburbName,
  parseSuburbQuery,
  salLocalityName,
  type SuburbQuery,
} from './localities/suburb-names.js';
export { approximateLocation } from './approximate-location.js';
export { loadGeography, type Geography, type GeographyFiles } from './load-geography.js';
export { geographyLocator, lgaNameKey } from './archive-locator.js';
