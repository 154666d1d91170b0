import type { EventType, IncidentStatus, UnmappedValue, WarningLevel } from '../../model/index.js';

/**
 * What every per-source vocabulary shares: the key values are looked up by, what a value nobody
 * knows falls back to, and the lookup that reports such a value as unmapped.
 */

/** What unrecognised values fall back to (after being reported as unmapped). */
export const FALLBACK = { eventType: 'other', status: 'active', warningLevel: 'none' } as const satisfies {
  eventType: EventType;
  status: IncidentStatus;
  warningLevel: WarningLevel;
};

/** The lookup key of a raw value: trimmed, runs of white space folded to one space, lower case. */
export function vocabularyKey(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A vocabulary table written by target: each value with the raw spellings that mean it, e.g.
 * `{ active: ['going', 'out of control'], controlled: ['patrol'] }`. Spellings are keyed by
 * {@link vocabularyKey}; one spelling under two values is a mistake in the table, and throws.
 */
export function vocabularyTable<T extends string>(byValue: {
  readonly [value in T]?: readonly string[];
}): ReadonlyMap<string, T> {
  const table = new Map<string, T>();
  for (const [value, spellings] of Object.entries(byValue) as [T, readonly string[]][]) {
    for (const spelling of spellings) {
      const spellingKey = vocabularyKey(spelling);
      const known = table.get(spellingKey);
      if (known !== undefined) throw new Error(`vocabulary: "${spelling}" means both ${known} and ${value}`);
      table.set(spellingKey, value);
    }
  }
  return table;
}

/** The Australian Warning System levels as every agency spells them (FEEDS.md 1.1). */
const AWS_LEVEL_SPELLINGS = {
  emergency_warning: ['emergency warning'],
  watch_and_act: ['watch and act', 'watch & act'],
  advice: ['advice'],
} as const;

/**
 * A warning-level table ({@link vocabularyTable}): the AWS spellings every agency shares, plus the
 * agency's own spellings of a level and the values it writes for no warning.
 */
export function warningLevelTable(own: {
  readonly [level in WarningLevel]?: readonly string[];
}): ReadonlyMap<string, WarningLevel> {
  return vocabularyTable<WarningLevel>({
    emergency_warning: [...AWS_LEVEL_SPELLINGS.emergency_warning, ...(own.emergency_warning ?? [])],
    watch_and_act: [...AWS_LEVEL_SPELLINGS.watch_and_act, ...(own.watch_and_act ?? [])],
    advice: [...AWS_LEVEL_SPELLINGS.advice, ...(own.advice ?? [])],
    none: own.none ?? [],
  });
}

/** A table's lookup: the raw value by its {@link vocabularyKey}; undefined when the table does not hold it. */
export function lookupIn<T>(table: ReadonlyMap<string, T>): (raw: string) => T | undefined {
  return (raw) => table.get(vocabularyKey(raw));
}

/** How a parser reports a value no vocabulary knows: under the field it came from. */
export type Report = (field: string, value: string) => void;

/** Looks a raw value up; an unknown one is reported (as `field`) and falls back. */
export function lookup<T>(
  report: Report,
  field: string,
  raw: string,
  map: (raw: string) => T | undefined,
  fallback: T,
): T {
  const value = map(raw);
  if (value === undefined) report(field, raw);
  return value ?? fallback;
}

/** The unmapped values of one incident, and the `report` callback the vocabulary lookups call. */
export function unmappedFor(incidentId: string): {
  unmapped: UnmappedValue[];
  report: Report;
} {
  const unmapped: UnmappedValue[] = [];
  return {
    unmapped,
    report: (field, value) => {
      unmapped.push({ field, value, incidentId });
    },
  };
}
