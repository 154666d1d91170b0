import type { ServingStore } from '../../lake/serving/serving-store.js';
import type { GaugeCatalogue } from '../gauges/catalogue.js';
import { encodeTile, tileIndex, type VtIndex, type VtTile } from './tile-library.js';
import {
  eventTileFeature,
  gaugeTileFeature,
  incidentTileFeature,
  type TileFeature,
} from './tile-features.js';

/** The live layers, as named in each tile (MapLibre's `source-layer`). */
export const LIVE_LAYERS = ['events', 'gauges', 'incidents'] as const;
type LiveLayer = (typeof LIVE_LAYERS)[number];

/** Past this zoom MapLibre draws from the zoom-14 tiles: points need no more detail. */
export const LIVE_MAX_ZOOM = 14;

/**
 * geojson-vt's options: tiles to zoom 5 are cut when the index is built (the first view of Australia
 * needs them at once), deeper ones when first asked for; shapes simplified to about a pixel.
 */
const INDEX_OPTIONS = { maxZoom: LIVE_MAX_ZOOM, indexMaxZoom: 5, tolerance: 3, buffer: 64 };

type LiveIndexes = Record<LiveLayer, VtIndex>;

/**
 * The live set (current incidents, active events, water-level gauges) as Mapbox Vector Tiles. The
 * indexes are built once per serving generation, at the first tile asked of it, and shared by every
 * request of that generation; a tile is then a look-up in each and one encoding.
 */
export class LiveTiles {
  private built: { generation: number; indexes: Promise<LiveIndexes> } | undefined;

  constructor(
    private readonly store: ServingStore,
    private readonly gauges: GaugeCatalogue,
    private readonly now: () => Date,
  ) {}

  /** The tile's bytes; undefined when no live feature falls in it. */
  async tile(z: number, x: number, y: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const indexes = await this.indexes();
    const layers: Record<string, VtTile> = {};
    for (const name of LIVE_LAYERS) {
      const tile = indexes[name].getTile(z, x, y);
      if (tile && tile.features.length > 0) layers[name] = tile;
    }
    return Object.keys(layers).length > 0 ? encodeTile(layers) : undefined;
  }

  private indexes(): Promise<LiveIndexes> {
    const { generation } = this.store.current;
    if (this.built?.generation !== generation) {
      this.built = { generation, indexes: this.build() };
    }
    return this.built.indexes;
  }

  private async build(): Promise<LiveIndexes> {
    const [incidents, events, gauges] = await Promise.all([
      this.store.liveIncidents(),
      this.store.events(),
      this.gauges.viewsOf(this.now().getTime(), 'water_level'),
    ]);
    const incidentFeatures = incidents.all
      .filter((record) => !record.retracted && record.feature_type === 'incident')
      .map(incidentTileFeature);
    const eventFeatures = [...events.all()].filter((event) => event.isActive).map(eventTileFeature);
    return {
      incidents: index(incidentFeatures),
      events: index(eventFeatures),
      gauges: index(gauges.map(gaugeTileFeature)),
    };
  }
}

function index(features: readonly (TileFeature | undefined)[]): VtIndex {
  const placed = features.filter((feature): feature is TileFeature => feature !== undefined);
  return tileIndex({ type: 'FeatureCollection', features: placed }, INDEX_OPTIONS);
}
