import type {
  CurrencyHorizons,
  DeclarationRecord,
  DeclarationRecordStatus,
  RecordCurrency,
} from '../model/index.js';

/**
 * No current source publishes end dates, so an open-ended record is taken as current for two years
 * from its start, of unconfirmable currency for two more, and as over after that
 * (docs/adr/0012-declaration-match-status.md).
 */
export const DEFAULT_HORIZONS: CurrencyHorizons = { presumedCurrentDays: 730, unconfirmedUntilDays: 1461 };

export interface RecordStanding {
  status: DeclarationRecordStatus;
  currency: RecordCurrency;
  note: string;
}

/** Whole days from one ISO date to another (dates only, so plain UTC arithmetic; this runs per record per lookup). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Where a record stands on `asAt` (an ISO date). */
export function recordStanding(
  record: Pick<DeclarationRecord, 'startDate' | 'endDate'>,
  asAt: string,
  horizons: CurrencyHorizons = DEFAULT_HORIZONS,
): RecordStanding {
  const { startDate, endDate } = record;
  const age = daysBetween(startDate, asAt);
  if (age < 0)
    return { status: 'expired', currency: 'not_started', note: `Starts ${startDate}, after ${asAt}.` };
  if (endDate !== null) {
    return endDate >= asAt
      ? { status: 'active', currency: 'current', note: `In force from ${startDate} to ${endDate}.` }
      : { status: 'expired', currency: 'ended', note: `In force from ${startDate} to ${endDate}.` };
  }
  const { presumedCurrentDays, unconfirmedUntilDays } = horizons;
  if (age <= presumedCurrentDays) {
    return {
      status: 'active',
      currency: 'presumed_current',
      note: `No end date is published; started ${startDate} (${age} days before ${asAt}), within the ${presumedCurrentDays}-day horizon, so taken as current.`,
    };
  }
  if (age <= unconfirmedUntilDays) {
    return {
      status: 'expired',
      currency: 'unconfirmed',
      note: `No end date is published; started ${startDate} (${age} days before ${asAt}), past the ${presumedCurrentDays}-day horizon, so its currency cannot be confirmed.`,
    };
  }
  return {
    status: 'expired',
    currency: 'lapsed',
    note: `No end date is published; started ${startDate}, more than ${unconfirmedUntilDays} days before ${asAt}, so taken as over.`,
  };
}
