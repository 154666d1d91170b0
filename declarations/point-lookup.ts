import type { PointDeclarationResult } from '../model/index.js';
import type { LgaIndex } from '../geo/index.js';
import { DEFAULT_HORIZONS } from './currency.js';
import type { DeclarationDataset } from './dataset.js';
import { lgaStanding } from './lga-standing.js';
import type { LookupOptions } from './lookup-options.js';
import { aggregateMatchStatus } from './match-status.js';
import { stateInstrumentNote } from './notes.js';

export interface PointQuery extends LookupOptions {
  latitude: number;
  longitude: number;
}

const CODE_LEVEL_NOTE =
  'Matching is at LGA-code level; some codes aggregate several administrative areas (unincorporated areas).';

/**
 * POST /declarations/point: the LGAs covering the point (every one when it lies on a boundary).
 * The answer never carries the coordinates. A SAL-level activation in a covering LGA makes that LGA
 * `uncertain` at most, since which suburb the point is in is not known here.
 */
export function lookupPoint(
  dataset: DeclarationDataset,
  index: LgaIndex,
  query: PointQuery,
): PointDeclarationResult {
  const horizons = query.horizons ?? DEFAULT_HORIZONS;
  const { lgas, onBoundary } = index.lookup(query.longitude, query.latitude);
  const base = { asAt: query.asAt, onBoundary, horizons };
  if (lgas.length === 0) {
    return {
      ...base,
      status: 'unknown_location',
      lgas: [],
      notes: ['The point lies in no LGA of the boundary version in use.'],
    };
  }
  const details = lgas.map((lga) =>
    lgaStanding({
      lga,
      lgaRecords: dataset.byLga.get(lga.code) ?? [],
      salRecords: (dataset.salByLga.get(lga.code) ?? []).map(({ record }) => ({
        record,
        coverage: 'some' as const,
      })),
      asAt: query.asAt,
      horizons,
      includeExpired: query.includeExpired ?? false,
      instrumentType: query.instrumentType,
      addressShare: null,
      suburbs: [],
    }),
  );
  return {
    ...base,
    status: aggregateMatchStatus(details.map((detail) => detail.status)),
    lgas: details,
    notes: [
      ...(onBoundary ? ['The point lies exactly on an LGA boundary: every LGA it touches is answered.'] : []),
      ...stateInstrumentNote(details.map((detail) => detail.jurisdiction)),
      CODE_LEVEL_NOTE,
    ],
  };
}
