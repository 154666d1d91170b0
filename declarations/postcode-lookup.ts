import type { LgaDeclarationDetail, PostcodeDeclarationResult, SuburbNarrowing } from '../model/index.js';
import type { LocalityPlacement, PostcodeDirectory, PostcodeLga } from '../geo/index.js';
import { DEFAULT_HORIZONS } from './currency.js';
import type { DeclarationDataset } from './dataset.js';
import { lgaStanding, type SalCoverage } from './lga-standing.js';
import type { LookupOptions } from './lookup-options.js';
import { aggregateMatchStatus } from './match-status.js';
import { stateInstrumentNote } from './notes.js';
import { narrowToSuburb } from './suburb-narrowing.js';

export interface PostcodeQuery extends LookupOptions {
  /** Exactly four digits (the route rejects anything else). */
  postcode: string;
  suburb?: string;
}

const PLACEMENT_NOTE =
  "A postcode's LGAs come from where its suburbs' addresses lie; a suburb that straddles an LGA boundary is placed by the centre of its addresses.";

/**
 * SAL-level records bearing on an LGA of this postcode: those naming a suburb in question, with
 * `all` when every suburb in question (in this LGA) is one they name.
 */
function salCoverage(
  dataset: DeclarationDataset,
  postcode: string,
  lga: string,
  suburbKeys: Set<string>,
): SalCoverage[] {
  const coverage: SalCoverage[] = [];
  for (const { record, localities } of dataset.salByLga.get(lga) ?? []) {
    const named = new Set(
      localities.filter((l) => l.postcode === postcode && l.lgaCodes.includes(lga)).map((l) => l.key),
    );
    const hits = [...suburbKeys].filter((key) => named.has(key)).length;
    if (hits > 0) coverage.push({ record, coverage: hits === suburbKeys.size ? 'all' : 'some' });
  }
  return coverage;
}

/** GET /declarations/postcode/{postcode}: the postcode's LGAs, narrowed to a suburb when one is given. */
export function lookupPostcode(
  dataset: DeclarationDataset,
  directory: PostcodeDirectory,
  query: PostcodeQuery,
): PostcodeDeclarationResult {
  const horizons = query.horizons ?? DEFAULT_HORIZONS;
  const entry = directory.entry(query.postcode);
  const base = { postcode: query.postcode, asAt: query.asAt, horizons };
  if (!entry || entry.lgas.length === 0) {
    const narrowing: SuburbNarrowing | undefined =
      query.suburb === undefined
        ? undefined
        : {
            requested: query.suburb,
            applied: false,
            reason: entry
              ? `No suburb of postcode ${query.postcode} could be placed in an LGA, so there is nothing to narrow.`
              : `Postcode ${query.postcode} is not known, so there are no suburbs to narrow to.`,
            matchedSuburbs: [],
            knownSuburbs: entry?.suburbs ?? [],
          };
    const notes = entry
      ? [`Postcode ${query.postcode} is listed, but none of its suburbs could be placed in an LGA.`]
      : [];
    return { ...base, matchStatus: 'unknown_postcode', lgas: [], ...(narrowing && { narrowing }), notes };
  }

  const narrowed = query.suburb === undefined ? undefined : narrowToSuburb(directory, entry, query.suburb);
  const lgas: PostcodeLga[] = narrowed?.lgas ?? entry.lgas;
  const localities = narrowed?.localities ?? entry.localities;
  const lgaCodesOf = narrowed?.lgaCodesOf ?? ((l: LocalityPlacement) => l.lgas.map((lga) => lga.code));
  const details: LgaDeclarationDetail[] = lgas.map((lga) => {
    const suburbKeys = new Set(localities.filter((l) => lgaCodesOf(l).includes(lga.code)).map((l) => l.key));
    return lgaStanding({
      lga,
      lgaRecords: dataset.byLga.get(lga.code) ?? [],
      salRecords: salCoverage(dataset, query.postcode, lga.code, suburbKeys),
      asAt: query.asAt,
      horizons,
      includeExpired: query.includeExpired ?? false,
      instrumentType: query.instrumentType,
      addressShare: lga.addressShare,
      suburbs: lga.suburbs,
    });
  });
  return {
    ...base,
    matchStatus: aggregateMatchStatus(details.map((detail) => detail.status)),
    lgas: details,
    ...(narrowed && { narrowing: narrowed.narrowing }),
    notes: [...stateInstrumentNote(details.map((detail) => detail.jurisdiction)), PLACEMENT_NOTE],
  };
}
