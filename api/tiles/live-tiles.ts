import type { ServingStore } from '../../lake/serving/serving-store.js';
import type { LakeTableName } from '../../lake/tables.js';
import type { GaugeCatalogue } from '../gauges/catalogue.js';
import { encodeTile, tileIndex, type VtIndex, type VtTile } from './tile-library.js';
import {
  LIVE_FIELDS,
  eventTileFeature,
  gaugeTileFeature,
  incidentTileFeature,
  type TileFeature,
} from './tile-features.js';

/** The live layers, as named in each tile (MapLibre's `source-layer`). */
export const LIVE_LAYERS = Object.keys(LIVE_FIELDS) as (keyof typeof LIVE_FIELDS)[];
type LiveLayer = (typeof LIVE_LAYERS)[number];

/** Past this zoom MapLibre draws from the zoom-14 tiles: points need no more detail. */
export const LIVE_MAX_ZOOM = 14;

/**
 * geojson-vt's options: tiles to zoom 5 are cut when the index is built (the first view of Australia
 * needs them at once), deeper ones when first asked for; shapes simplified to about a pixel.
 */
const INDEX_OPTIONS = { maxZoom: LIVE_MAX_ZOOM, indexMaxZoom: 5, tolerance: 3, buffer: 64 };

/** The lake table each layer is cut from. */
const LAYER_TABLES: Readonly<Record<LiveLayer, LakeTableName>> = {
  events: 'events',
  gauges: 'gauges_latest',
  incidents: 'incidents_live',
};

/** A gauge's class turns to unclassified when its reading goes stale: its layer is cut again each minute. */
const GAUGE_RECUT_MS = 60_000;

/**
 * The live set (current incidents, active events, water-level gauges) as Mapbox Vector Tiles. Each
 * layer's index is built at the first tile asked for after its own lake file changed, and shared by
 * every request until it changes again: a generation that changed only the gauges cuts only the
 * gauges again. A tile is then a look-up in each index and one encoding.
 */
export class LiveTiles {
  private readonly built = new Map<LiveLayer, { key: string; index: Promise<VtIndex> }>();

  constructor(
    private readonly store: ServingStore,
    private readonly gauges: GaugeCatalogue,
    private readonly now: () => Date,
  ) {}

  /** The tile's bytes; undefined when no live feature falls in it. */
  async tile(z: number, x: number, y: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const layers: Record<string, VtTile> = {};
    for (const name of LIVE_LAYERS) {
      const tile = (await this.index(name)).getTile(z, x, y);
      if (tile && tile.features.length > 0) layers[name] = tile;
    }
    return Object.keys(layers).length > 0 ? encodeTile(layers) : undefined;
  }

  private index(layer: LiveLayer): Promise<VtIndex> {
    const files = (this.store.manifest?.files ?? []).filter((file) => file.table === LAYER_TABLES[layer]);
    const nowMs = this.now().getTime();
    const minute = layer === 'gauges' ? `@${Math.floor(nowMs / GAUGE_RECUT_MS)}` : '';
    const key = `${files.map((file) => file.path).join(',')}${minute}`;
    let built = this.built.get(layer);
    if (built?.key !== key) {
      const fresh = { key, index: this.features(layer, nowMs).then(index) };
      // A failed build is not kept: the next tile asked for tries again.
      fresh.index.catch(() => this.built.get(layer) === fresh && this.built.delete(layer));
      this.built.set(layer, fresh);
      built = fresh;
    }
    return built.index;
  }

  private async features(layer: LiveLayer, nowMs: number): Promise<(TileFeature | undefined)[]> {
    switch (layer) {
      case 'incidents':
        return (await this.store.liveIncidents()).all
          .filter((record) => !record.retracted && record.feature_type === 'incident')
          .map(incidentTileFeature);
      case 'events':
        return [...(await this.store.events()).all()].filter((event) => event.isActive).map(eventTileFeature);
      case 'gauges':
        return (await this.gauges.viewsOf(nowMs, 'water_level')).map(gaugeTileFeature);
    }
  }
}

function index(features: readonly (TileFeature | undefined)[]): VtIndex {
  const placed = features.filter((feature): feature is TileFeature => feature !== undefined);
  return tileIndex({ type: 'FeatureCollection', features: placed }, INDEX_OPTIONS);
}
