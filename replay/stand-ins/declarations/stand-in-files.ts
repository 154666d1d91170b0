import { generateLgaGrid, generateLocalityTables } from '../geo/index.js';
import type { LgaRef } from '../../../model/index.js';
import {
  generateDrfaActivationsCsv,
  type PinnedActivation,
  type StandInActivation,
} from './drfa-activations-csv.js';
import { nswRegisterPageHtml } from './nsw-register-html.js';
import { README_EXAMPLE_EVENT_NAME, README_EXAMPLE_LGA, README_EXAMPLES } from './readme-examples.js';

/**
 * Every input of the declarations service, made up, in the real formats, by file name: LGA boundaries
 * (ABS GeoJSON), the G-NAF and postcode tables, the DRFA activation history and a NSW register page.
 * What a fresh clone (and the demo) loads instead of the real files. The boundaries say they are made
 * up (their `madeUp` member), so answers built on them say so; `readmeExamples` adds the values the
 * README's examples ask for (./readme-examples.ts).
 */
export const STAND_IN_FILE_NAMES = {
  boundaries: 'lga_boundaries.geojson',
  gnafLocalities: 'gnaf_localities.csv',
  gnafPostcodes: 'gnaf_postcodes.csv',
  postcodeLocalities: 'australian_postcodes.csv',
  drfaActivations: 'drfa_activation_history.csv',
  nswRegister: 'nsw_register_fy.html',
} as const;

export const STAND_IN_BOUNDARIES_NOTE = 'made-up stand-in boundaries, not the ABS LGAs';

export function standInDeclarationFiles(
  options: {
    columns?: number;
    rows?: number;
    events?: number;
    until?: string;
    readmeExamples?: boolean;
  } = {},
): Record<(typeof STAND_IN_FILE_NAMES)[keyof typeof STAND_IN_FILE_NAMES], string> {
  const examples = options.readmeExamples ?? false;
  const grid = generateLgaGrid({
    columns: options.columns ?? 4,
    rows: options.rows ?? 3,
    madeUp: STAND_IN_BOUNDARIES_NOTE,
    ...(examples ? { extraLgas: [README_EXAMPLE_LGA] } : {}),
  });
  const tables = generateLocalityTables(
    grid,
    examples ? { extraPostcodes: { [README_EXAMPLE_LGA.code]: README_EXAMPLES.postcode } } : {},
  );
  const lgas: LgaRef[] = grid.lgas.map((lga) => ({
    code: lga.code,
    name: lga.name,
    jurisdiction: lga.state,
  }));
  const until = options.until ?? '2026-06-30';
  const drfa = generateDrfaActivationsCsv(lgas, {
    events: options.events ?? 12,
    until,
    ...(examples ? { pinned: [readmeExampleActivation(lgas)] } : {}),
  });
  return {
    [STAND_IN_FILE_NAMES.boundaries]: JSON.stringify(grid.geojson),
    [STAND_IN_FILE_NAMES.gnafLocalities]: tables.gnafLocalitiesCsv,
    [STAND_IN_FILE_NAMES.gnafPostcodes]: tables.gnafPostcodesCsv,
    [STAND_IN_FILE_NAMES.postcodeLocalities]: tables.postcodeLocalitiesCsv,
    [STAND_IN_FILE_NAMES.drfaActivations]: drfa.csv,
    [STAND_IN_FILE_NAMES.nswRegister]: nswRegisterPage(drfa.activations, lgas, until),
  };
}

/** The activation the README's examples ask about, over the LGA beside the grid. */
function readmeExampleActivation(lgas: readonly LgaRef[]): PinnedActivation {
  return {
    agrn: README_EXAMPLES.agrn,
    eventName: README_EXAMPLE_EVENT_NAME,
    hazard: 'Flood',
    startDate: README_EXAMPLES.startDate,
    lgas: lgas.filter((lga) => lga.code === README_EXAMPLE_LGA.code),
  };
}

/** The NSW register declares the NSW LGAs of the latest NSW activation. */
function nswRegisterPage(
  activations: readonly StandInActivation[],
  lgas: readonly LgaRef[],
  until: string,
): string {
  const latestNsw = activations
    .filter((activation) => activation.lgaCodes.some((code) => code.startsWith('1')))
    .sort((a, b) => b.startDate.localeCompare(a.startDate))[0];
  const declared = lgas.filter((lga) => latestNsw?.lgaCodes.includes(lga.code));
  const [year, month, day] = (latestNsw?.startDate ?? until).split('-');
  const monthName = new Date(Date.UTC(Number(year), Number(month) - 1, 1)).toLocaleString('en-AU', {
    month: 'long',
    timeZone: 'UTC',
  });
  return nswRegisterPageHtml('stand-in', [
    {
      agrn: latestNsw?.agrn ?? 9999,
      disasterTypes: 'NSW Storms and floods',
      name: `Made-up NSW Storms and Floods from ${Number(day)} ${monthName} ${year ?? ''} onwards`,
      lgas: declared,
      assistance: ['Counter disaster operations'],
    },
  ]);
}
