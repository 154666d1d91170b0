import { readFile } from 'node:fs/promises';
import { readLgaGeoJson } from './read-geojson.js';
import { readLgaShapefile } from './read-shapefile.js';
import { readLgaTopoJson } from './read-topojson.js';
import type { BoundaryReadOptions, LgaBoundarySet } from './lga-boundary.js';

/**
 * Reads LGA boundaries from a file: a shapefile (`.shp`, with its `.dbf` beside it), or JSON that is
 * either a GeoJSON FeatureCollection or a TopoJSON Topology (told apart by its `type`).
 */
export async function loadLgaBoundaries(
  path: string,
  options: BoundaryReadOptions = {},
): Promise<LgaBoundarySet> {
  if (/\.shp$/i.test(path)) return readLgaShapefile(path, path.replace(/\.shp$/i, '.dbf'), options);
  const parsed = JSON.parse(await readFile(path, 'utf8')) as { type?: unknown };
  return parsed.type === 'Topology' ? readLgaTopoJson(parsed, options) : readLgaGeoJson(parsed, options);
}
