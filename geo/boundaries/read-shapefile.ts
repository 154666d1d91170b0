import { open, type Openable } from 'shapefile';
import { boundarySetFromFeatures } from './abs-features.js';
import type { BoundaryReadOptions, FeatureLike, LgaBoundarySet } from './lga-boundary.js';

export interface ShapefileReadOptions extends BoundaryReadOptions {
  /** DBF text encoding; ABS files are UTF-8 (the `shapefile` package defaults to windows-1252). */
  encoding?: string;
}

/**
 * An ABS LGA shapefile (`.shp` with its `.dbf`, as paths or bytes) → boundary set. Features are
 * streamed, so the full-resolution national file is read without holding its bytes twice.
 */
export async function readLgaShapefile(
  shp: Openable,
  dbf: Openable,
  options: ShapefileReadOptions = {},
): Promise<LgaBoundarySet> {
  const source = await open(shp, dbf, { encoding: options.encoding ?? 'utf-8' });
  const features: FeatureLike[] = [];
  for (let next = await source.read(); !next.done; next = await source.read()) {
    features.push(next.value);
  }
  return boundarySetFromFeatures(features, options);
}
