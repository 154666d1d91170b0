import { stringify } from 'csv-stringify/sync';
import { DateTime } from 'luxon';
import { JURISDICTION_NAMES, type LgaRef } from '../../../model/index.js';
import { prng } from '../../random.js';
import { madeUpName } from '../geo/index.js';

/** The DRFA activation history's header, column for column. */
const COLUMNS = [
  'Location_Name', 'Location_Type', 'Location_code', 'STATE', 'event_name', 'agrn', 'cat_A', 'cat_B', 'cat_C',
  'cat_D', 'highest_drfa_category_group', 'AGDRP', 'DRA', 'hazard_type', 'disaster_start_date',
]; // prettier-ignore

const HAZARDS = [
  'Flood',
  'Storm',
  'Bushfire',
  'Cyclone',
  'Storm, Flood',
  'Bushfire, Storm',
  'Low/tropical low, Flood',
];

export interface StandInActivation {
  agrn: number;
  startDate: string;
  lgaCodes: string[];
  salCodes: string[];
}

export interface DrfaStandInOptions {
  /** Activations to make; AGRNs count up from `firstAgrn`. */
  events?: number;
  firstAgrn?: number;
  /** Onsets spread over the `years` before this date. */
  until?: string;
  years?: number;
  /** Suburb-level (SAL) areas some activations name: made-up SAL codes with real-format names. */
  localities?: { code: string; name: string; jurisdiction: LgaRef['jurisdiction'] }[];
  seed?: number;
  /** Activations given whole (the demo's README examples), listed after the made-up ones. */
  pinned?: readonly PinnedActivation[];
}

export interface PinnedActivation {
  agrn: number;
  /** As the history names events: `AGRN 1012 - … (22 February 2022 onwards)`. */
  eventName: string;
  hazard: string;
  startDate: string;
  lgas: readonly LgaRef[];
}

/** Made-up activations over the given LGAs, in the NEMA CSV's format. */
export function generateDrfaActivationsCsv(
  lgas: readonly LgaRef[],
  options: DrfaStandInOptions = {},
): { csv: string; activations: StandInActivation[] } {
  const random = prng(options.seed ?? 11);
  const events = options.events ?? 12;
  const until = DateTime.fromISO(options.until ?? '2026-06-30', { zone: 'utc' });
  const days = Math.round((options.years ?? 6) * 365);
  const rows: (string | number)[][] = [];
  const activations: StandInActivation[] = [];
  for (let i = 0; i < events; i += 1) {
    const agrn = (options.firstAgrn ?? 9001) + i;
    const start = until.minus({ days: Math.floor(random() * days) });
    const startDate = start.toISODate() ?? '';
    const hazard = HAZARDS[Math.floor(random() * HAZARDS.length)] ?? 'Flood';
    const jurisdiction = lgas[Math.floor(random() * lgas.length)]?.jurisdiction ?? 'nsw';
    const inState = lgas.filter((lga) => lga.jurisdiction === jurisdiction);
    const chosen = inState.filter(() => random() < 0.5);
    const areas = chosen.length > 0 ? chosen : inState.slice(0, 1);
    const localities = (options.localities ?? []).filter(
      (l) => l.jurisdiction === jurisdiction && random() < 0.3,
    );
    const name = `AGRN ${agrn} - ${madeUpName(agrn)} ${hazard.split(',')[0] ?? 'Flood'} (commencing ${start.toFormat('d LLLL yyyy')})`;
    const categories = [1, random() < 0.9 ? 1 : 0, random() < 0.4 ? 1 : 0, random() < 0.2 ? 1 : 0];
    const group = categories[2] || categories[3] ? 'C/D' : 'A/B';
    const row = (area: { name: string; code: string }, type: 'LGA' | 'SAL') => [
      area.name, type, area.code, JURISDICTION_NAMES[jurisdiction], name, agrn, ...categories, group,
      random() < 0.3 ? 1 : 0, random() < 0.2 ? 1 : 0, hazard, startDate,
    ]; // prettier-ignore
    rows.push(...areas.map((lga) => row(lga, 'LGA')), ...localities.map((l) => row(l, 'SAL')));
    activations.push({
      agrn,
      startDate,
      lgaCodes: areas.map((lga) => lga.code),
      salCodes: localities.map((l) => l.code),
    });
  }
  for (const pinned of options.pinned ?? []) {
    for (const lga of pinned.lgas) {
      rows.push([
        lga.name, 'LGA', lga.code, JURISDICTION_NAMES[lga.jurisdiction], pinned.eventName, pinned.agrn,
        1, 1, 1, 1, 'C/D', 1, 1, pinned.hazard, pinned.startDate,
      ]); // prettier-ignore
    }
    activations.push({
      agrn: pinned.agrn,
      startDate: pinned.startDate,
      lgaCodes: pinned.lgas.map((lga) => lga.code),
      salCodes: [],
    });
  }
  return { csv: stringify(rows, { header: true, columns: COLUMNS }), activations };
}
