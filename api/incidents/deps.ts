import type { CapIssuer } from '../../exports/cap/cap-alert.js';
import type { ServingStore } from '../../lake/serving/serving-store.js';
import type { CursorCodec } from '../cursor.js';

/** What the incident routes use: the registrar is given these and nothing else. */
export interface IncidentDeps {
  store: ServingStore;
  cursors: CursorCodec;
  /** The service as CAP sender (CAP_SENDER, CAP_PROFILE_CODE) with the catalogue's agencies. */
  cap: CapIssuer;
  /** Absolute address for links in CAP documents; the request's own origin when unset. */
  publicBaseUrl?: string | undefined;
  /** The clock of lookbacks, quota periods and RateLimit-Reset. */
  now: () => Date;
}

/** What the routes paging through a past window or instant use. */
export type WindowReadDeps = Pick<IncidentDeps, 'store' | 'cursors' | 'now'>;
/** What the routes answering in CAP use. */
export type CapDeps = Pick<IncidentDeps, 'store' | 'cap' | 'publicBaseUrl' | 'now'>;
