import type { ServingStore } from '../../lake/serving/serving-store.js';

/** What the tile routes use: the registrar is given these and nothing else. */
export interface TileDeps {
  store: ServingStore;
  /** Absolute address for the tiles' URL in TileJSON; the request's own origin when unset. */
  publicBaseUrl?: string | undefined;
  /** The clock of the gauges' reading status. */
  now: () => Date;
}
