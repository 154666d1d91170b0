import type {
  DeclarationArea,
  DeclarationRecordStatus,
  DeclarationSourceId,
  DisasterType,
  DrfaCategory,
  InstrumentType,
  Jurisdiction,
} from './declaration.js';

/**
 * What the four declaration endpoints answer (docs/adr/0012-declaration-match-status.md).
 * The interface leaves list items, detail and per-LGA records open; these types fill them.
 */

/** The statuses postcode and point answers share: what they say when they found LGAs. */
const FOUND_MATCH_STATUSES = ['declared', 'partial', 'activation_only', 'not_declared', 'uncertain'] as const;

/** Answer for a postcode (and a suburb within it). */
export const MATCH_STATUSES = [...FOUND_MATCH_STATUSES, 'unknown_postcode'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** Answer for a point: as for a postcode, with `unknown_location` when no LGA covers it. */
export const POINT_MATCH_STATUSES = [...FOUND_MATCH_STATUSES, 'unknown_location'] as const;
export type PointMatchStatus = (typeof POINT_MATCH_STATUSES)[number];

/** One LGA's standing; a result's status aggregates these. */
export type LgaMatchStatus = 'declared' | 'activation_only' | 'uncertain' | 'not_declared';

/**
 * Why a record is, or is not, taken as in force on the date asked about:
 * - `current`: its published start and end dates cover the date;
 * - `presumed_current`: open-ended (no end published) and within the presumed-current horizon of its start;
 * - `unconfirmed`: open-ended and past that horizon, so its currency cannot be confirmed;
 * - `ended`: its published end date has passed;
 * - `lapsed`: open-ended and past the outer horizon, treated as over;
 * - `not_started`: it starts after the date (AGRN detail only: lookups and lists leave such records out).
 * Status is `active` for the first two, `expired` for the rest.
 */
export const RECORD_CURRENCIES = [
  'current',
  'presumed_current',
  'unconfirmed',
  'ended',
  'lapsed',
  'not_started',
] as const;
export type RecordCurrency = (typeof RECORD_CURRENCIES)[number];

/** The horizons applied to open-ended records, in days from their start; echoed in every answer. */
export interface CurrencyHorizons {
  presumedCurrentDays: number;
  unconfirmedUntilDays: number;
}

/** What a record and a list item both say of their instrument, as of the date asked about. */
export interface DeclarationInstrumentFacts {
  agrn: number;
  instrumentType: InstrumentType;
  jurisdiction: Jurisdiction;
  eventName: string;
  disasterTypes: DisasterType[];
  startDate: string;
  endDate: string | null;
  status: DeclarationRecordStatus;
  currency: RecordCurrency;
  source: DeclarationSourceId;
  sourceName: string;
  /** Official page or dataset the record came from. */
  sourceUrl: string;
}

/** A record as of the date asked about. */
export interface DeclarationRecordView extends DeclarationInstrumentFacts {
  id: string;
  area: DeclarationArea;
  /** One sentence on how status and currency were reached. */
  currencyNote: string;
  /** DRFA categories activated, where the source says. */
  drfaCategories: DrfaCategory[] | null;
  /** Assistance measures as published (NSW register). */
  assistance: string | null;
}

/** One LGA of a postcode or point answer. */
export interface LgaDeclarationDetail {
  /** ABS LGA 2022 code. */
  code: string;
  name: string;
  jurisdiction: Jurisdiction;
  status: LgaMatchStatus;
  /** Plain sentences: why this status, and what would make it more certain. */
  reasons: string[];
  /**
   * Share (0–1) of the postcode's G-NAF addresses whose locality falls in this LGA; null for point
   * answers and where the postcode has no address counts.
   */
  addressShare: number | null;
  /** The postcode's suburbs in this LGA (after narrowing); empty for point answers. */
  suburbs: string[];
  /** False where the jurisdiction publishes no state instruments the service reads. */
  stateInstrumentsPublished: boolean;
  /** Records for this LGA, trimmed by include_expired and instrument_type. */
  records: DeclarationRecordView[];
  /** Records left out by that trimming (they still count towards the status). */
  hiddenRecords: number;
}

/** What happened to a `suburb` parameter. */
export interface SuburbNarrowing {
  /** The suburb as given (it is the caller's own text, not a location). */
  requested: string;
  applied: boolean;
  reason: string;
  /** Suburbs of the postcode the request matched (display names). */
  matchedSuburbs: string[];
  /** Every suburb the postcode is known to hold. */
  knownSuburbs: string[];
}

/** GET /declarations/postcode/{postcode}. */
export interface PostcodeDeclarationResult {
  postcode: string;
  asAt: string;
  matchStatus: MatchStatus;
  lgas: LgaDeclarationDetail[];
  /** Present when a suburb was given. */
  narrowing?: SuburbNarrowing;
  horizons: CurrencyHorizons;
  /** Result-wide caveats (jurisdictions without state instruments, approximate geography). */
  notes: string[];
}

/** POST /declarations/point. Coordinates are never part of the answer. */
export interface PointDeclarationResult {
  asAt: string;
  status: PointMatchStatus;
  /** True when the point lies exactly on an LGA boundary; every covering LGA is then listed. */
  onBoundary: boolean;
  lgas: LgaDeclarationDetail[];
  horizons: CurrencyHorizons;
  notes: string[];
}

/** One instrument of one jurisdiction for one AGRN: an item of GET /declarations. */
export interface DeclarationListItem extends DeclarationInstrumentFacts {
  /** `<instrument type>:<jurisdiction>:<agrn>`; also the keyset tie-breaker. */
  id: string;
  /** LGAs the instrument names. */
  lgaCount: number;
  /** Suburbs-and-localities (SAL) it names, for activations made below LGA level. */
  localityCount: number;
  /** Union of the DRFA categories across its rows, where the source says. */
  drfaCategories: DrfaCategory[] | null;
}

/** A page of GET /declarations; `nextCursor` is null on the last page. */
export interface DeclarationListPage {
  items: DeclarationListItem[];
  nextCursor: string | null;
}

/** One LGA an AGRN names, with every source's record for it. */
export interface AgrnAffectedLga {
  code: string;
  name: string;
  jurisdiction: Jurisdiction;
  records: DeclarationRecordView[];
}

/** One suburb-and-locality an AGRN names below LGA level. */
export interface AgrnAffectedLocality {
  /** ABS SAL 2021 code. */
  salCode: string;
  name: string;
  jurisdiction: Jurisdiction;
  /** LGAs the locality was placed in, where it could be. */
  lgaCodes: string[];
  records: DeclarationRecordView[];
}

/** GET /declarations/agrn/{agrn}: every source merged. */
export interface AgrnDetail {
  agrn: number;
  asAt: string;
  /** Each distinct wording of the event's name across sources. */
  eventNames: string[];
  jurisdictions: Jurisdiction[];
  disasterTypes: DisasterType[];
  /** Earliest start across sources. */
  startDate: string;
  instruments: DeclarationListItem[];
  /** The full affected-LGA list, by jurisdiction then name. */
  lgas: AgrnAffectedLga[];
  localities: AgrnAffectedLocality[];
  horizons: CurrencyHorizons;
}
