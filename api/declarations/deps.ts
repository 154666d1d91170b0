import type { DeclarationsSource } from './declaration-store.js';
import type { DeclarationHealthSource } from './health-source.js';

/** What the declaration routes use: the registrar is given these and nothing else. */
export interface DeclarationDeps {
  /** Declarations over this process's geography; the declaration routes answer 503 without them. */
  declarations?: DeclarationsSource;
  /** The declaration refresher's health, for /declarations/sources. */
  declarationHealth?: DeclarationHealthSource;
  /** The clock of lookbacks, quota periods and RateLimit-Reset. */
  now: () => Date;
}
