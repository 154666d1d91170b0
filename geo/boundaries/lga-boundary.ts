import type { LgaRef, MultiPolygonGeometry, PolygonGeometry } from '../../model/index.js';

/** One LGA's area: its code, name and jurisdiction with its (multi)polygon, [longitude, latitude]. */
export interface LgaBoundary extends LgaRef {
  geometry: PolygonGeometry | MultiPolygonGeometry;
}

/** A feature of the input that is not an LGA area (ABS pseudo-areas have no geometry): reported, not dropped. */
export interface SkippedBoundaryFeature {
  /** 0-based position of the feature in its file. */
  index: number;
  code: string | null;
  name: string | null;
  reason: string;
}

/** Every LGA of one boundary version; indexes and lookups are built once from it. */
export interface LgaBoundarySet {
  /** Edition read from the property names (`LGA 2022` from `LGA_CODE22`), or null when they do not say. */
  edition: string | null;
  lgas: LgaBoundary[];
  skipped: SkippedBoundaryFeature[];
  /** What a made-up file says it is (a GeoJSON `madeUp` member, as stand-ins carry); absent for real ones. */
  madeUp?: string;
}

/** The parts of a GeoJSON feature the readers look at; GeoJSON, TopoJSON and shapefile features all fit. */
export interface FeatureLike {
  geometry: { type: string; coordinates?: unknown } | null;
  properties: Record<string, unknown> | null;
}

export interface BoundaryReadOptions {
  /**
   * Codes to replace, for boundaries of another edition than the declarations' (LGA 2022), e.g.
   * `LGA_2023_TO_2022_CODES`.
   */
  codeCrosswalk?: Readonly<Record<string, string>>;
}
