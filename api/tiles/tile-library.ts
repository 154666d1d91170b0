import * as geojsonVt from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { FeatureCollection } from 'geojson';

/**
 * @maplibre/geojson-vt and @maplibre/vt-pbf, typed for what the tiles use: geojson-vt's declarations import their siblings without
 * file extensions, which this project's module resolution (NodeNext) does not follow, so its types
 * arrive unresolved (and vt-pbf's, which name its tile type). The shapes below are their documented API.
 */
export interface VtTile {
  features: unknown[];
}
interface VtOptions {
  maxZoom?: number;
  indexMaxZoom?: number;
  tolerance?: number;
  buffer?: number;
  extent?: number;
}
export interface VtIndex {
  getTile(z: number, x: number, y: number): VtTile | null;
}

const library = geojsonVt as unknown as {
  GeoJSONVT: new (data: FeatureCollection, options?: VtOptions) => VtIndex;
  geoJSONToTile: (data: FeatureCollection, z: number, x: number, y: number, options?: VtOptions) => VtTile;
};

/** A tile index over the features: tiles are cut to `indexMaxZoom` at once, deeper ones when asked for. */
export const tileIndex = (data: FeatureCollection, options: VtOptions): VtIndex =>
  new library.GeoJSONVT(data, options);

/** One tile cut from the features, without an index. */
export const oneTile = (data: FeatureCollection, z: number, x: number, y: number): VtTile =>
  library.geoJSONToTile(data, z, x, y, { extent: 4096 });

const encode = fromGeojsonVt as unknown as (
  layers: Record<string, VtTile>,
  options: { version: number },
) => Uint8Array<ArrayBuffer>;

/** Tiles of several layers as one Mapbox Vector Tile (version 2 of the specification). */
export const encodeTile = (layers: Record<string, VtTile>): Uint8Array<ArrayBuffer> =>
  encode(layers, { version: 2 });
