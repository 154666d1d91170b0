import type { CurrencyHorizons, InstrumentType } from '../model/index.js';

/** What every lookup takes besides its place. */
export interface LookupOptions {
  /** ISO date the answer is for (the route defaults it to today). */
  asAt: string;
  /** List expired records too; never changes the status. */
  includeExpired?: boolean;
  /** Trim record lists to one instrument type; never changes the status. */
  instrumentType?: InstrumentType;
  horizons?: CurrencyHorizons;
}
