import type { ServingStore } from '../../lake/serving/serving-store.js';
import type { CursorCodec } from '../cursor.js';

/** What the event routes use: the registrar is given these and nothing else. */
export interface EventDeps {
  store: ServingStore;
  cursors: CursorCodec;
  /** The clock of lookbacks, quota periods and RateLimit-Reset. */
  now: () => Date;
}
