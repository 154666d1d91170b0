import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STAND_IN_FILE_NAMES, standInDeclarationFiles } from '../replay/stand-ins/declarations/index.js';
import { SHARED_DIR } from '../replay/shared-samples.js';

/** The demo's declaration inputs, as settings, and what they are. */
export interface DemoDeclarationInputs {
  env: Record<string, string>;
  real: boolean;
}

/**
 * The demo reads real inputs when ../shared is beside the project (the NEMA DRFA history and the ABS
 * boundaries with the G-NAF and postcode tables; the NSW register is stored there only as page text,
 * so no NSW page is read), and otherwise made-up stand-ins in the real formats, written into the
 * data folder, which hold the values the README's examples ask for. Nothing from ../shared is copied: the settings name the files where they are.
 */
export async function demoDeclarationInputs(dataDir: string): Promise<DemoDeclarationInputs> {
  const geo = join(SHARED_DIR, 'reference', 'geo');
  const declarations = join(SHARED_DIR, 'reference', 'declarations');
  const drfa = join(declarations, 'nema_drfa_activation_history_by_location_2026-01-30.csv');
  if (existsSync(geo) && existsSync(drfa)) {
    return {
      real: true,
      env: {
        DECLARATIONS_BOUNDARIES: join(geo, 'abs_lga_2023_simplified_gda94.geojson'),
        DECLARATIONS_GNAF_LOCALITIES: join(geo, 'gnaf_localities_au_joelkoen.csv'),
        DECLARATIONS_GNAF_POSTCODES: join(geo, 'gnaf_postcodes_au_joelkoen.csv'),
        DECLARATIONS_POSTCODE_LOCALITIES: join(geo, 'matthewproctor_australian_postcodes_2025-09.csv'),
        DECLARATIONS_DRFA_SOURCE: drfa,
        DECLARATIONS_NSW_PAGES: 'none',
      },
    };
  }
  const dir = join(dataDir, 'declaration-inputs');
  const path = (name: string) => join(dir, name);
  // Written on every start: they are small and the same each time, so an older data folder gets
  // today's (with the README's examples in them).
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(standInDeclarationFiles({ readmeExamples: true }))) {
    await writeFile(path(name), text);
  }
  return {
    real: false,
    env: {
      DECLARATIONS_BOUNDARIES: path(STAND_IN_FILE_NAMES.boundaries),
      DECLARATIONS_GNAF_LOCALITIES: path(STAND_IN_FILE_NAMES.gnafLocalities),
      DECLARATIONS_GNAF_POSTCODES: path(STAND_IN_FILE_NAMES.gnafPostcodes),
      DECLARATIONS_POSTCODE_LOCALITIES: path(STAND_IN_FILE_NAMES.postcodeLocalities),
      DECLARATIONS_DRFA_SOURCE: path(STAND_IN_FILE_NAMES.drfaActivations),
      DECLARATIONS_NSW_PAGES: path(STAND_IN_FILE_NAMES.nswRegister),
    },
  };
}
