import { STATES, type StateCode } from './enums.js';

/**
 * Disaster declarations: the vocabulary and the stored record, each fact once.
 * The response shapes built from these records are in `declaration-results.ts`.
 */

/** The eight states and territories, plus ABS "Other Territories" (Jervis Bay, Christmas Island, ...). */
export const JURISDICTIONS = [...STATES, 'ot'] as const;
export type Jurisdiction = StateCode | 'ot';

/** ABS ASGS state codes (STE_CODE21) → jurisdiction. */
const JURISDICTION_BY_ABS_CODE: Record<string, Jurisdiction> = {
  '1': 'nsw',
  '2': 'vic',
  '3': 'qld',
  '4': 'sa',
  '5': 'wa',
  '6': 'tas',
  '7': 'nt',
  '8': 'act',
  '9': 'ot',
};

/** Full names, as in ABS STE_NAME21 and the NEMA DRFA table's STATE column. */
export const JURISDICTION_NAMES: Readonly<Record<Jurisdiction, string>> = {
  nsw: 'New South Wales',
  vic: 'Victoria',
  qld: 'Queensland',
  sa: 'South Australia',
  wa: 'Western Australia',
  tas: 'Tasmania',
  nt: 'Northern Territory',
  act: 'Australian Capital Territory',
  ot: 'Other Territories',
};

const JURISDICTION_BY_NAME = new Map(
  Object.entries(JURISDICTION_NAMES).map(([code, name]) => [name.toLowerCase(), code as Jurisdiction]),
);

/** `New South Wales`, `NSW`, `Vic.`, `qld` or an ABS state code (`1`…`9`) → jurisdiction. */
export function jurisdictionOf(text: string): Jurisdiction | undefined {
  const key = text.trim().toLowerCase().replace(/\.$/, '');
  if (key in JURISDICTION_BY_ABS_CODE) return JURISDICTION_BY_ABS_CODE[key];
  if (JURISDICTION_BY_NAME.has(key)) return JURISDICTION_BY_NAME.get(key);
  return (JURISDICTIONS as readonly string[]).includes(key) ? (key as Jurisdiction) : undefined;
}

/** A local government area by its ABS LGA 2022 code. */
export interface LgaRef {
  /** ABS LGA code, five digits (2022 edition: the vocabulary of declarations and gauges). */
  code: string;
  name: string;
  jurisdiction: Jurisdiction;
}

export const INSTRUMENT_TYPES = [
  'state_natural_disaster_declaration',
  'drfa_activation_agrn',
  'state_of_disaster_emergency_powers',
] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];

/** Instruments a state or territory makes itself (as opposed to a DRFA activation). */
export const STATE_INSTRUMENT_TYPES: readonly InstrumentType[] = [
  'state_natural_disaster_declaration',
  'state_of_disaster_emergency_powers',
];

/**
 * Jurisdictions whose state instruments the service reads from a published register. Everywhere else
 * a lookup can answer `activation_only` or `uncertain`, never `declared` (docs/adr/0012).
 */
export const JURISDICTIONS_WITH_STATE_INSTRUMENTS: readonly Jurisdiction[] = ['nsw'];

export const DECLARATION_RECORD_STATUSES = ['active', 'expired'] as const;
export type DeclarationRecordStatus = (typeof DECLARATION_RECORD_STATUSES)[number];

/** Hazards named by the sources, folded to one vocabulary (the `disaster_type` filter). */
export const DISASTER_TYPES = [
  'bushfire',
  'flood',
  'storm',
  'cyclone',
  'rainfall',
  'tropical_low',
  'monsoonal_trough',
  'storm_surge',
  'thunderstorm',
  'tornado',
  'hailstorm',
  'earthquake',
  'landslide',
  'severe_weather',
] as const;
export type DisasterType = (typeof DISASTER_TYPES)[number];

export const DRFA_CATEGORIES = ['A', 'B', 'C', 'D'] as const;
export type DrfaCategory = (typeof DRFA_CATEGORIES)[number];

/** The published sources of declaration records. */
export const DECLARATION_SOURCES = {
  nema_drfa_activations: {
    name: 'DRFA activation history by location',
    publisher: 'National Emergency Management Agency',
    url: 'https://data.gov.au/data/dataset/drfa-activation-history-by-lga',
    licence: 'CC BY 2.5 AU',
    instrumentType: 'drfa_activation_agrn',
  },
  nsw_disaster_declarations: {
    name: 'NSW natural disaster declarations',
    publisher: 'NSW Government',
    url: 'https://www.nsw.gov.au/emergency/recovery/natural-disaster-declarations',
    licence: 'CC BY 4.0',
    instrumentType: 'state_natural_disaster_declaration',
  },
} as const satisfies Record<string, { instrumentType: InstrumentType; [key: string]: string }>;
export type DeclarationSourceId = keyof typeof DECLARATION_SOURCES;

/**
 * The area a record names. DRFA rows name an LGA or an ABS suburb-and-locality (SAL); SAL and LGA
 * codes are both five digits and overlap numerically, so an area is keyed on (type, code), never code alone.
 */
export interface DeclarationArea {
  type: 'lga' | 'sal';
  code: string;
  name: string;
}

/** DRFA specifics of an activation row. */
export interface DrfaDetail {
  /** Categories activated; null when the row says nothing (older rows: all flags 0, group `unknown`). */
  categories: DrfaCategory[] | null;
  /** Australian Government Disaster Recovery Payment activated. */
  agdrp: boolean;
  /** Disaster Recovery Allowance activated. */
  dra: boolean;
}

/** One instrument for one area, as a source published it. Status is never stored: it is derived at query time. */
export interface DeclarationRecord {
  /** `<source>:<agrn>:<area type>:<area code>`, stable across loads. */
  id: string;
  source: DeclarationSourceId;
  instrumentType: InstrumentType;
  jurisdiction: Jurisdiction;
  /** Australian Government Reference Number. */
  agrn: number;
  eventName: string;
  disasterTypes: DisasterType[];
  /** Hazard words exactly as published. */
  hazards: string[];
  area: DeclarationArea;
  /** ISO date the instrument took effect (the disaster's onset where that is all that is published). */
  startDate: string;
  /** ISO date it ended; null when the source publishes none (every current source). */
  endDate: string | null;
  drfa: DrfaDetail | null;
  /** Assistance measures as published (NSW register), else null. */
  assistance: string | null;
  /** The official page or dataset the record came from. */
  sourceUrl: string;
}

/** A row a parser could not turn into a record: never dropped silently. */
export interface RejectedRow {
  /** 1-based line (CSV) or table row (HTML) in the source document. */
  line: number;
  reason: string;
  /** The offending text, trimmed to a readable length. */
  text: string;
}

export interface DeclarationParseResult {
  records: DeclarationRecord[];
  rejected: RejectedRow[];
  /** Hazard words that fold to no disaster type (the record is kept with the rest). */
  unmappedHazards: string[];
}
