import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDeclarationIngestActivities,
  createDeclarationWarehouseActivities,
} from '../../../activities/index.js';
import { createApp, type App } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { DeclarationStore } from '../../../api/declarations/declaration-store.js';
import { geographyFiles, loadServedGeography } from '../../../api/declarations/geography.js';
import type { DeclarationHealthSource } from '../../../api/declarations/health-source.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import {
  configuredDeclarationSources,
  dataLayout,
  parseSettings,
  type Settings,
} from '../../../config/index.js';
import {
  STAND_IN_FILE_NAMES,
  standInDeclarationFiles,
} from '../../../replay/stand-ins/declarations/index.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { testAccess, type TestAccess } from '../../support/keys.js';

/** Settings of a data folder whose declaration inputs are the given files. */
export function declarationSettings(dataDir: string, files: Record<string, string>): Settings {
  return parseSettings({
    DATA_DIR: dataDir,
    DECLARATIONS_BOUNDARIES: files.boundaries,
    DECLARATIONS_GNAF_LOCALITIES: files.gnafLocalities,
    DECLARATIONS_GNAF_POSTCODES: files.gnafPostcodes,
    DECLARATIONS_POSTCODE_LOCALITIES: files.postcodeLocalities,
    DECLARATIONS_DRFA_SOURCE: files.drfa,
    DECLARATIONS_NSW_PAGES: files.nsw ?? 'none',
  });
}

/** The stand-in inputs written to a folder (what the demo does on a clone without ../shared). */
export async function writeStandInInputs(dir: string): Promise<Record<string, string>> {
  for (const [name, text] of Object.entries(standInDeclarationFiles()))
    await writeFile(join(dir, name), text);
  const path = (name: string) => join(dir, name);
  return {
    boundaries: path(STAND_IN_FILE_NAMES.boundaries),
    gnafLocalities: path(STAND_IN_FILE_NAMES.gnafLocalities),
    gnafPostcodes: path(STAND_IN_FILE_NAMES.gnafPostcodes),
    postcodeLocalities: path(STAND_IN_FILE_NAMES.postcodeLocalities),
    drfa: path(STAND_IN_FILE_NAMES.drfaActivations),
    nsw: path(STAND_IN_FILE_NAMES.nswRegister),
  };
}

/**
 * One refresh of every configured source without Temporal: the refresher workflow's three steps
 * (fetch, parse, publish) called in turn, as the activities run them, with the warehouse worker's
 * deps (sources the settings no longer name leave the lake).
 */
export async function refreshOnce(settings: Settings, warehouse: Warehouse): Promise<void> {
  const ingest = createDeclarationIngestActivities({ settings });
  const publish = createDeclarationWarehouseActivities({
    dataDir: settings.DATA_DIR,
    lakeDir: dataLayout(settings.DATA_DIR).lakeDir,
    warehouse,
    configuredSources: () => configuredDeclarationSources(settings),
  });
  for (const source of await ingest.declarationSources()) {
    const fetched = await ingest.fetchDeclarationSource({ source });
    await publish.publishDeclarationSource(await ingest.parseDeclarationSource(fetched));
  }
}

export interface DeclarationApi {
  app: App;
  settings: Settings;
  store: ServingStore;
  declarations: DeclarationStore;
  access: TestAccess;
  /** An enterprise key with the declarations entitlement. */
  entitled: string;
  /** Lines the request log wrote. */
  logLines: string[];
  /** Loads what was published since (the watcher would, a moment later). */
  reload(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The API over declarations published through the refresh path from input files (the stand-ins by
 * default), with a key that may call them.
 */
export async function declarationApi(
  options: {
    files?: (dir: string) => Promise<Record<string, string>>;
    health?: DeclarationHealthSource;
    now?: Date;
  } = {},
): Promise<DeclarationApi> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-declarations-'));
  const files = await (options.files ?? writeStandInInputs)(dir);
  const settings = declarationSettings(dir, files);
  const layout = dataLayout(dir);
  const warehouse = await Warehouse.open(layout.warehouseFile);
  await refreshOnce(settings, warehouse);
  const store = await ServingStore.open(layout.lakeDir);
  const geography = geographyFiles(settings);
  const declarations = new DeclarationStore(
    store,
    layout.lakeDir,
    geography && loadServedGeography(geography),
  );
  const access = testAccess();
  const entitled = (await access.issue('enterprise', { entitlements: ['declarations'] })).token;
  const logLines: string[] = [];
  const now = options.now ?? new Date('2026-07-01T00:00:00Z');
  const app = createApp({
    cap: TEST_CAP_ISSUER,
    store,
    keys: access.store,
    quota: access.store,
    feedHealth: { read: () => Promise.resolve([]) },
    catalogue: [],
    cursors: new CursorCodec('declarations-test-secret'),
    version: 'test',
    startedAt: now,
    now: () => now,
    log: (line) => logLines.push(line),
    declarations,
    ...(options.health ? { declarationHealth: options.health } : {}),
  });
  return {
    app,
    settings,
    store,
    declarations,
    access,
    entitled,
    logLines,
    async reload() {
      await store.refresh();
      await declarations.refresh();
    },
    async close() {
      access.close();
      store.close();
      warehouse.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
