import { DRFA_CATEGORIES, type DeclarationRecord, type DrfaCategory, type LgaRef } from '../model/index.js';
import { salLocalityName, type PostcodeDirectory } from '../geo/index.js';
import { byStartDescending } from './record-view.js';

/** A suburb of a postcode that a SAL-level record names, and the LGAs it was placed in. */
export interface SalLocality {
  postcode: string;
  key: string;
  lgaCodes: string[];
}

export interface PlacedSalRecord {
  record: DeclarationRecord;
  localities: SalLocality[];
}

/**
 * One instrument of one jurisdiction for one AGRN, across its areas: what GET /declarations lists. It
 * carries its records' fields (the earliest record's; disaster types and end date over all of them).
 */
export interface InstrumentGroup extends Pick<
  DeclarationRecord,
  | 'agrn'
  | 'instrumentType'
  | 'jurisdiction'
  | 'eventName'
  | 'disasterTypes'
  | 'startDate'
  | 'endDate'
  | 'source'
  | 'sourceUrl'
> {
  /** `<instrument type>:<jurisdiction>:<agrn>`. */
  id: string;
  lgaCodes: string[];
  salCodes: string[];
  drfaCategories: DrfaCategory[] | null;
  records: DeclarationRecord[];
}

/** Every source's records, indexed for the four lookups; built once per load. */
export interface DeclarationDataset {
  records: readonly DeclarationRecord[];
  /** The boundary version's LGAs, for names and jurisdictions. */
  lgas: ReadonlyMap<string, LgaRef>;
  /** LGA-level records by LGA code. */
  byLga: ReadonlyMap<string, readonly DeclarationRecord[]>;
  /** SAL-level records by the LGA codes their localities were placed in. */
  salByLga: ReadonlyMap<string, readonly PlacedSalRecord[]>;
  byAgrn: ReadonlyMap<number, readonly DeclarationRecord[]>;
  /** In list order: start date newest first, then id. */
  instruments: readonly InstrumentGroup[];
  /** SAL-level records whose locality no table names: they show in AGRN detail only. */
  unplacedSalRecords: readonly DeclarationRecord[];
}

export interface DatasetInput {
  /** Every parser's records; a record id seen twice (a declaration's own page and its register row) is kept once. */
  records: Iterable<DeclarationRecord>;
  lgas: ReadonlyMap<string, LgaRef>;
  /** Places SAL-level records in localities and LGAs. */
  localities?: Pick<PostcodeDirectory, 'localitiesNamed'>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function groupOf(id: string, records: DeclarationRecord[]): InstrumentGroup {
  const first = [...records].sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id),
  )[0];
  if (!first) throw new Error(`Instrument ${id} has no records`);
  const ends = records.map((record) => record.endDate);
  const categories = new Set(records.flatMap((record) => record.drfa?.categories ?? []));
  return {
    id,
    agrn: first.agrn,
    instrumentType: first.instrumentType,
    jurisdiction: first.jurisdiction,
    eventName: first.eventName,
    disasterTypes: [...new Set(records.flatMap((record) => record.disasterTypes))].sort(),
    startDate: first.startDate,
    // An instrument ends when its last area does; one open-ended area keeps it open.
    endDate: ends.some((end) => end === null) ? null : ([...ends].sort().at(-1) ?? null),
    lgaCodes: [...new Set(records.filter((r) => r.area.type === 'lga').map((r) => r.area.code))].sort(),
    salCodes: [...new Set(records.filter((r) => r.area.type === 'sal').map((r) => r.area.code))].sort(),
    drfaCategories:
      categories.size > 0 ? DRFA_CATEGORIES.filter((category) => categories.has(category)) : null,
    source: first.source,
    sourceUrl: first.sourceUrl,
    records,
  };
}

export function buildDeclarationDataset(input: DatasetInput): DeclarationDataset {
  const unique = new Map<string, DeclarationRecord>();
  for (const record of input.records) if (!unique.has(record.id)) unique.set(record.id, record);
  const records = [...unique.values()].sort(byStartDescending);

  const byLga = new Map<string, DeclarationRecord[]>();
  const salByLga = new Map<string, PlacedSalRecord[]>();
  const byAgrn = new Map<number, DeclarationRecord[]>();
  const byInstrument = new Map<string, DeclarationRecord[]>();
  const unplacedSalRecords: DeclarationRecord[] = [];
  for (const record of records) {
    push(byAgrn, record.agrn, record);
    push(byInstrument, `${record.instrumentType}:${record.jurisdiction}:${record.agrn}`, record);
    if (record.area.type === 'lga') {
      push(byLga, record.area.code, record);
      continue;
    }
    const localities = (
      input.localities?.localitiesNamed(salLocalityName(record.area.name), record.jurisdiction) ?? []
    ).map(({ locality, lgaCodes }) => ({ postcode: locality.postcode, key: locality.key, lgaCodes }));
    if (localities.length === 0) unplacedSalRecords.push(record);
    const placed = { record, localities };
    for (const code of new Set(localities.flatMap((locality) => locality.lgaCodes)))
      push(salByLga, code, placed);
  }
  const instruments = [...byInstrument].map(([id, group]) => groupOf(id, group)).sort(byStartDescending);
  return { records, lgas: input.lgas, byLga, salByLga, byAgrn, instruments, unplacedSalRecords };
}
