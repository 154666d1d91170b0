import { dirname, join } from 'node:path';

/** DATA_DIR when it is not set (`npm start`). */
export const DEFAULT_DATA_DIR = 'data';

/** The demo's DATA_DIR (`npm run demo`; `npm run keys -- --demo` issues keys into it). */
export const DEMO_DATA_DIR = join(DEFAULT_DATA_DIR, 'demo');

/**
 * Where everything lives under DATA_DIR. The warehouse file belongs to the warehouse worker alone;
 * lake/ is what API replicas read; raw/ keeps every upstream body by hash for re-parse backfills.
 */
export function dataLayout(dataDir: string) {
  return {
    warehouseFile: join(dataDir, 'warehouse', 'warehouse.duckdb'),
    /** The published lake: immutable Parquet files and manifest.json, what API replicas read. */
    lakeDir: join(dataDir, 'lake'),
    /** An API replica's bounded cache of a lake in a bucket: files at their lake paths, then manifest.json. */
    lakeCacheDir: join(dataDir, 'lake-cache'),
    /** Where the first layout published whole tables; replaced by the lake (removed once migrated). */
    legacyServingDir: join(dataDir, 'serving'),
    rawDir: join(dataDir, 'raw'),
    /** Static exports the API serves as files: written after every commit, replaced atomically. */
    exportsDir: join(dataDir, 'exports'),
    capFeedFile: join(dataDir, 'exports', 'cap', 'incidents.atom'),
    stagedDir: join(dataDir, 'staged'),
    /** API keys and quota counters: owned by the API processes and the key CLI, never the warehouse. */
    accessDbFile: join(dataDir, 'api', 'access.sqlite'),
    /** Webhook subscriptions and their delivery log: API processes and the delivery activities. */
    subscriptionsDbFile: join(dataDir, 'api', 'subscriptions.sqlite'),
    /** The demo's own key, created once so the README's examples keep working across runs. */
    demoKeyFile: join(dataDir, 'secrets', 'demo-api-key'),
    /** What the demo's declarations and archive were built from (../shared or the stand-ins). */
    demoInputsFile: join(dataDir, 'demo-inputs.json'),
    /** The demo's replay timeline (seed, start, demo time run), so a restarted demo carries on. */
    demoTimelineFile: join(dataDir, 'replay', 'timeline.json'),
    temporalDbFile: join(dataDir, 'temporal', 'temporal.sqlite'),
    /** Pid of the dev server this data folder's service started: an orphan is found by it after a crash. */
    temporalPidFile: join(dataDir, 'temporal', 'dev-server.pid'),
    /**
     * The service running over this data folder, while it runs: its pid and addresses (Temporal, Web UI,
     * API), written once it is ready and removed when it stops. The CLIs find the service through it.
     */
    serviceFile: join(dataDir, 'service.json'),
    /** Held from the first moment a service starts over this folder until it stops: one at a time. */
    serviceLockFile: join(dataDir, 'service.lock'),
    /** Raw body of one fetch: raw/<feed>/<yyyy-mm-dd>/<sha256>.<ext>, relative to DATA_DIR. */
    rawRef: (feedKey: string, day: string, sha256: string, ext: string) =>
      join('raw', feedKey, day, `${sha256}.${ext}`),
    /** The report of one archive load (counts, every problem with its line), relative to DATA_DIR. */
    archiveReportRef: (loadName: string) => join('archive-loads', `${loadName}.json`),
    /** Normalised records of one poll, relative to DATA_DIR; removed once committed. */
    stagedRef: (feedKey: string, pollId: string) => join('staged', feedKey, `${pollId}.json`),
  };
}

/**
 * The SQLite key store's files: the keys and quota counters (ACCESS_DB_FILE, or under DATA_DIR), and
 * the webhook subscriptions beside them, so that processes sharing one key store file (several
 * replicas on one host) share the subscriptions too.
 */
export function sqliteKeyStoreFiles(settings: { DATA_DIR: string; ACCESS_DB_FILE?: string | undefined }) {
  const layout = dataLayout(settings.DATA_DIR);
  const access = settings.ACCESS_DB_FILE ?? layout.accessDbFile;
  return {
    access,
    subscriptions: settings.ACCESS_DB_FILE
      ? join(dirname(settings.ACCESS_DB_FILE), 'subscriptions.sqlite')
      : layout.subscriptionsDbFile,
  };
}
