import type {
  AgrnAffectedLga,
  AgrnAffectedLocality,
  AgrnDetail,
  CurrencyHorizons,
  DeclarationRecord,
} from '../model/index.js';
import { DEFAULT_HORIZONS, recordStanding } from './currency.js';
import type { DeclarationDataset } from './dataset.js';
import { toListItem } from './list.js';
import { toRecordView } from './record-view.js';

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** GET /declarations/agrn/{agrn}: every source's records for the AGRN, merged; undefined when there are none (404). */
export function agrnDetail(
  dataset: DeclarationDataset,
  agrn: number,
  options: { asAt: string; horizons?: CurrencyHorizons },
): AgrnDetail | undefined {
  const records = dataset.byAgrn.get(agrn);
  const first = records?.[0];
  if (!records || !first) return undefined;
  const horizons = options.horizons ?? DEFAULT_HORIZONS;
  const view = (record: DeclarationRecord) =>
    toRecordView(record, recordStanding(record, options.asAt, horizons));

  const lgaRecords = records.filter((record) => record.area.type === 'lga');
  const lgas: AgrnAffectedLga[] = [...groupBy(lgaRecords, (record) => record.area.code)]
    .map(([code, group]) => {
      const known = dataset.lgas.get(code);
      const sample = group[0] ?? first;
      return {
        code,
        name: known?.name ?? sample.area.name,
        jurisdiction: known?.jurisdiction ?? sample.jurisdiction,
        records: group.map(view),
      };
    })
    .sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction) || a.name.localeCompare(b.name));

  const salRecords = records.filter((record) => record.area.type === 'sal');
  const placements = new Map<string, string[]>();
  for (const placed of dataset.salByLga.values()) {
    for (const { record, localities } of placed) {
      if (record.agrn === agrn)
        placements.set(record.id, [...new Set(localities.flatMap((l) => l.lgaCodes))].sort());
    }
  }
  const localities: AgrnAffectedLocality[] = [...groupBy(salRecords, (record) => record.area.code)]
    .map(([salCode, group]) => {
      const sample = group[0] ?? first;
      return {
        salCode,
        name: sample.area.name,
        jurisdiction: sample.jurisdiction,
        lgaCodes: [...new Set(group.flatMap((record) => placements.get(record.id) ?? []))].sort(),
        records: group.map(view),
      };
    })
    .sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction) || a.name.localeCompare(b.name));

  return {
    agrn,
    asAt: options.asAt,
    eventNames: [...new Set(records.map((record) => record.eventName))],
    jurisdictions: [...new Set(records.map((record) => record.jurisdiction))].sort(),
    disasterTypes: [...new Set(records.flatMap((record) => record.disasterTypes))].sort(),
    startDate: records.map((record) => record.startDate).sort()[0] ?? first.startDate,
    instruments: dataset.instruments
      .filter((group) => group.agrn === agrn)
      .map((group) => toListItem(group, options.asAt, horizons)),
    lgas,
    localities,
    horizons,
  };
}
