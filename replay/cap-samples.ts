import { readFileSync } from 'node:fs';
import { normalise } from '../model/index.js';
import { parserFor } from '../sources/index.js';
import { latestMessage } from '../exports/cap/cap-messages.js';
import { toRecord, type IncidentRecord, type IncidentVersion } from '../model/index.js';
import { upstreamSamples } from './shared-samples.js';

/**
 * Every real upstream sample as the warehouse would store it, and the CAP messages of one incident's
 * life (first seen, changed, retracted): what the CAP suites and the validation benchmark emit.
 */
export const FETCHED = '2026-11-20T10:00:00+11:00';
export const FIRST = Date.parse('2026-11-20T10:00:00+11:00');
export const SECOND = Date.parse('2026-11-20T10:05:00+11:00');
export const RETRACTED = Date.parse('2026-11-20T10:10:00+11:00');

/** The records of every real sample, as the warehouse would store them. */
export function sampleRecords(): { file: string; records: IncidentRecord[] }[] {
  return upstreamSamples().flatMap(({ file, path, format }) => {
    const parse = format ? parserFor(format) : undefined;
    if (!parse) throw new Error(`no parser for sample ${file}`);
    const { incidents } = parse(readFileSync(path));
    return [{ file, records: incidents.map((draft) => toRecord(normalise(draft, FETCHED))) }];
  });
}

export function retracted(record: IncidentRecord): IncidentRecord {
  return {
    ...record,
    retracted: true,
    retracted_at: new Date(RETRACTED).toISOString(),
    retraction_reason: 'No longer published by the upstream feed',
  };
}

/** The three messages of one incident's life: first seen, changed, retracted. */
export function lifecycle(record: IncidentRecord) {
  const v1: IncidentVersion = { version: 1, validFrom: FIRST, retracted: false };
  const v2: IncidentVersion = { version: 2, validFrom: SECOND, retracted: false };
  const v3: IncidentVersion = { version: 3, validFrom: RETRACTED, retracted: true };
  const cancelled = retracted(record);
  return [
    { record, message: latestMessage(record, [v1]) },
    { record, message: latestMessage(record, [v1, v2]) },
    { record: cancelled, message: latestMessage(cancelled, [v1, v2, v3]) },
  ];
}
