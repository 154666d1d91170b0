import type { ServingStore } from '../../lake/serving/serving-store.js';

/** What the export routes use: the registrar is given these and nothing else. */
export interface ExportDeps {
  /** The CAP Atom feed file the warehouse writes after each commit (served under /v1/exports). */
  capFeedFile?: string | undefined;
  store: ServingStore;
  /** The clock of lookbacks, quota periods and RateLimit-Reset. */
  now: () => Date;
}
