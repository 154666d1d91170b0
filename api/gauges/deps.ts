import type { ServingStore } from '../../lake/serving/serving-store.js';
import type { CursorCodec } from '../cursor.js';
import type { GaugeCatalogue } from './catalogue.js';
import type { GaugeHealthSource } from './source-health.js';

/** What the gauge resource is given: the registrar builds the gauge catalogue from its store. */
export interface GaugeRoutesDeps {
  store: ServingStore;
  cursors: CursorCodec;
  /** The clock of lookbacks, quota periods and RateLimit-Reset. */
  now: () => Date;
  /** Each gauge source's health, from its poller; every source unknown when absent. */
  gaugeHealth?: GaugeHealthSource | undefined;
}

/** What each gauge route uses: the resource's deps and the gauge catalogue built over the store. */
export interface GaugeDeps extends GaugeRoutesDeps {
  catalogue: GaugeCatalogue;
}
