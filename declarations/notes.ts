import {
  JURISDICTION_NAMES,
  JURISDICTIONS_WITH_STATE_INSTRUMENTS,
  type Jurisdiction,
} from '../model/index.js';

/** A result-wide note naming the jurisdictions answered without state instruments. */
export function stateInstrumentNote(jurisdictions: Iterable<Jurisdiction>): string[] {
  const without = [...new Set(jurisdictions)].filter(
    (j) => !JURISDICTIONS_WITH_STATE_INSTRUMENTS.includes(j),
  );
  if (without.length === 0) return [];
  const names = without.map((j) => JURISDICTION_NAMES[j]).join(', ');
  return [
    `For ${names}, no register of state declarations is read: LGAs there are answered from DRFA activations only and are never "declared".`,
  ];
}
