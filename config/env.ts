import { z } from 'zod';
import { DEFAULT_DATA_DIR } from './data-layout.js';
import { eventClusteringSetting } from './event-clustering.js';
import { parseLakeUrl } from './lake-url.js';
import { DRFA_CATALOGUE_URL } from './declaration-sources.js';
import { TIER_RATE_LIMITS, type ShortWindowLimits } from './rate-limits.js';
import { TIER_MONTHLY_QUOTA, TIERS, type Tier } from './tiers.js';

/**
 * All settings, parsed once at start-up. This is the only module that reads process.env;
 * everything else receives a `Settings` object.
 */
const port = z.coerce.number().int().min(1).max(65535);
/** A comma-separated list, each item trimmed and blanks dropped: `a, b,` is a and b. */
const commaList = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
/** `free=20000,pro=5000000`: plans named here get that monthly quota, the others keep config/tiers.ts. */
const monthlyQuotas = z.string().transform((value, ctx): Readonly<Record<Tier, number>> => {
  const quotas = { ...TIER_MONTHLY_QUOTA };
  for (const part of value.split(',')) {
    const [tier, count] = part.split('=').map((s) => s.trim());
    if (!TIERS.includes(tier as Tier) || !/^\d+$/.test(count ?? '')) {
      ctx.addIssue({ code: 'custom', message: `expected plan=count pairs, e.g. free=20000 (got ${part})` });
      return z.NEVER;
    }
    quotas[tier as Tier] = Number(count);
  }
  return quotas;
});
/** `free=10/120,pro=500/20000`: plans named here get those per-second/per-minute limits. */
const rateLimits = z.string().transform((value, ctx): Readonly<Record<Tier, ShortWindowLimits>> => {
  const limits = { ...TIER_RATE_LIMITS };
  for (const part of value.split(',')) {
    const match = /^\s*(\w+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(part);
    if (!match || !TIERS.includes(match[1] as Tier) || Number(match[2]) < 1 || Number(match[3]) < 1) {
      ctx.addIssue({
        code: 'custom',
        message: `expected plan=perSecond/perMinute pairs, e.g. free=10/120 (got ${part})`,
      });
      return z.NEVER;
    }
    limits[match[1] as Tier] = { perSecond: Number(match[2]), perMinute: Number(match[3]) };
  }
  return limits;
});
/** `true` or `false` (z.coerce.boolean would read "false" as true). */
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
/** A folder or s3://bucket/prefix (config/lake-url.ts). */
const locationUrl = z.string().transform((value, ctx) => {
  const location = parseLakeUrl(value);
  if (!('error' in location)) return location;
  ctx.addIssue({ code: 'custom', message: location.error });
  return z.NEVER;
});
/** 0 asks the OS for a free port (tests). */
/** Comma-separated seconds (retry waits), as milliseconds. */
const secondsList = z
  .string()
  .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, 'comma-separated seconds, e.g. 10,60,300')
  .transform((value) => value.split(',').map((part) => Math.round(Number(part) * 1000)));

const listenPort = z.coerce.number().int().min(0).max(65535);

const SettingsSchema = z.object({
  PORT: listenPort.default(8080),
  /**
   * Where this process serves Prometheus metrics (GET /metrics, on HOST), apart from the API's port;
   * no metrics when unset (npm run cluster gives each process one). 0: a port the OS picks (tests).
   */
  METRICS_PORT: listenPort.optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  /**
   * Where the lake lives (config/lake-url.ts): a folder (DATA_DIR/lake when unset) or s3://bucket/prefix.
   * S3 credentials come from the AWS SDK's standard chain (AWS_ACCESS_KEY_ID…, profiles, roles), which
   * the SDK reads itself; the settings below say where the store is.
   */
  LAKE_URL: locationUrl.optional(),
  /**
   * Where raw bodies and staged polls are shared when the ingest workers and the warehouse have data
   * folders of their own (other hosts): s3://bucket/prefix. Unset: they share DATA_DIR.
   */
  INGEST_STORE_URL: locationUrl.optional(),
  /**
   * The writer started with no warehouse rebuilds it from the lake it finds in LAKE_URL's bucket and
   * takes that lake over (warehouse/restore/, docs/deploy.md), as `npm run restore` does. Off: a writer
   * with no warehouse refuses a bucket that holds another writer's lake. Never on by default, since
   * a second writer pointed at the bucket by mistake must not continue the first one's lake.
   */
  RESTORE_FROM_LAKE: z.stringbool().default(false),
  /**
   * With a lake in a bucket: a writer that finds the writer lease held by another waits as a standby,
   * takes the lake over when that one stops renewing (restoring its warehouse from the bucket), and
   * steps down when taken over itself (ADR 35). Off: such a writer refuses to start.
   */
  WRITER_STANDBY: z.stringbool().default(false),
  /**
   * An API process says the writer is away (/v1/status, the status page) when the newest generation
   * is older than this: a healthy writer publishes at least once per feed poll.
   */
  WRITER_QUIET_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  /**
   * The key store (SQLite) the API processes share; DATA_DIR/api/access.sqlite when unset. Several
   * replicas on one host point here (npm run cluster); across hosts, DATABASE_URL. Webhook
   * subscriptions are kept beside it (subscriptions.sqlite in the same folder).
   */
  ACCESS_DB_FILE: z.string().min(1).optional(),
  /**
   * A PostgreSQL database for keys, quota counters, short-window limits and webhook subscriptions,
   * shared by API replicas and ingest workers on any host and by the key CLI
   * (postgres://user:password@host:port/database). The schema is migrated at start. Unset: the SQLite
   * files under DATA_DIR/api. Back it up with pg_dump (docs/deploy.md, "Lost the key store").
   */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// (or postgresql://) URL')
    .optional(),
  /**
   * A key store call (PostgreSQL or SQLite) with no answer in this long is abandoned and the store taken
   * for away: requests are then served from what the API process holds (ADR 33).
   */
  ACCESS_STORE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  /**
   * While the key store is away, each API process lets a key make this many requests past its leases
   * without the store (never more than the key had left), counted in the store when it is back: with N
   * replicas a key can pass its quota by at most N times this per outage. Past it: 503 with Retry-After.
   */
  ACCESS_STORE_GRACE_REQUESTS: z.coerce.number().int().min(0).default(1_000),
  /** For how long after the key store stopped answering those requests are let through. */
  ACCESS_STORE_GRACE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /**
   * Where the SQLite key store (keys, quota counters, webhook subscriptions) is backed up: a folder or
   * s3://bucket/prefix. Unset: beside the lake, s3://bucket/key-store-backups[/lake prefix] for a lake in
   * a bucket, else DATA_DIR/backups/key-store (which a lost disk takes with it). Never under the lake's
   * own prefix, which API replicas serve.
   */
  KEY_BACKUP_URL: locationUrl.optional(),
  /** How often the SQLite key store is backed up (a Temporal schedule); 0: never. */
  KEY_BACKUP_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** How many of its backups are kept: the oldest beyond this are removed after each backup. */
  KEY_BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(48),
  /** An S3-compatible store's address (versitygw, R2, Ceph…); AWS S3 when unset. */
  S3_ENDPOINT: z.url().optional(),
  /** The bucket's region; the SDK's chain (AWS_REGION, profile) when unset, us-east-1 with S3_ENDPOINT. */
  S3_REGION: z.string().min(1).optional(),
  /** Bucket in the path, not the host name: true by default with S3_ENDPOINT, false for AWS. */
  S3_FORCE_PATH_STYLE: flag.optional(),
  /**
   * A bucket call (a manifest, a list) with no answer in this long, or a transfer with nothing moving
   * for this long, is abandoned and the bucket taken for away (said once, retried).
   */
  S3_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(10_000),
  /** An API replica's local cache of lake files (under DATA_DIR), in MiB: least recently used leave first. */
  LAKE_CACHE_MB: z.coerce.number().int().min(16).default(4096),
  /** How often an API replica asks the bucket whether the manifest changed (a conditional GET). */
  LAKE_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[^\s:]+:\d+$/, 'must look like host:port')
    .optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_DEV_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  TEMPORAL_CLI_PATH: z.string().min(1).optional(),
  /**
   * Development only: when set (`npm run record-histories`), the Temporal test suites write the
   * histories of the workflows they run into this folder, as the replay tests' fixtures.
   */
  RECORD_WORKFLOW_HISTORIES: z.string().min(1).optional(),
  /** Development only: the Chromium the browser tests, `bench:map` and `screenshots` drive (else PATH's). */
  CHROMIUM_PATH: z.string().min(1).optional(),
  /** The Web UI of the cluster TEMPORAL_ADDRESS names, for links the CLIs print (the dev server's is known). */
  TEMPORAL_UI_URL: z.url().optional(),
  /**
   * TLS and credentials for the cluster TEMPORAL_ADDRESS names (self-hosted with mTLS, or Temporal
   * Cloud). The names are the Temporal CLI's own, so `npm run temporal` reaches the same cluster.
   * TLS is on when TEMPORAL_TLS=true or any of the others is set; the files are PEM.
   */
  TEMPORAL_TLS: z.stringbool().optional(),
  TEMPORAL_TLS_CA_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_CERT_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_SERVER_NAME: z.string().min(1).optional(),
  /** A Temporal Cloud API key (sent as a bearer token over TLS). */
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  INGEST_TASK_QUEUE: z.string().min(1).default('eids-ingest'),
  WAREHOUSE_TASK_QUEUE: z.string().min(1).default('eids-warehouse'),
  /** When set, every feed URL is rewritten onto this base (the replay server in the demo). */
  UPSTREAM_BASE_URL: z.url().optional(),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(32 * 1024 * 1024),
  /** Overrides every feed's own cadence (demo and tests poll faster). */
  POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  /**
   * How often the ingest worker checks that every poller runs and is not stuck (a workflow task that
   * keeps failing), starting it again from its memo when it is (runtime/workflow-doctor.ts).
   */
  WORKFLOW_CHECK_SECONDS: z.coerce.number().int().min(1).max(3_600).default(15),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** `text`: one readable line per event; `json`: one JSON object per line, for log collectors. */
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  /** Catalogue keys to poll and serve (comma-separated); every feed when unset. */
  FEEDS: z.string().transform(commaList).optional(),
  /** Monthly request quotas per plan, overriding config/tiers.ts for the plans named. */
  MONTHLY_QUOTAS: monthlyQuotas.optional(),
  /** Per-second and per-minute limits per plan, overriding config/rate-limits.ts for the plans named. */
  RATE_LIMITS: rateLimits.optional(),
  /**
   * Behind a proxy or load balancer: the header it puts the client's address in (e.g.
   * x-forwarded-for; its last address is used). Keys shared by many clients (the page key) are
   * limited per client address; unset, the address is the connection's (the proxy's, behind one).
   */
  CLIENT_ADDRESS_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name')
    .optional(),
  /** The monthly quota of the key the service makes for its status page and map (every viewer shares it). */
  PAGE_KEY_MONTHLY_QUOTA: z.coerce.number().int().min(1).default(10_000_000),
  /** Signs paging cursors; API replicas behind one address share it. Generated under DATA_DIR when unset. */
  CURSOR_SECRET: z.string().min(16).optional(),
  /**
   * Development only: webhook targets on loopback (127.0.0.0/8, ::1), over http too, for the demo and
   * tests. Every other private, loopback or link-local target is refused whatever this says.
   */
  WEBHOOK_ALLOW_LOOPBACK: z.stringbool().default(false),
  /**
   * Waits in seconds between delivery attempts of a webhook (comma-separated); after the attempt that
   * follows the last wait fails, the subscription is disabled. Default: channels/webhook/settings.ts.
   */
  WEBHOOK_RETRY_SECONDS: secondsList.optional(),
  /**
   * E-mail subscriptions (docs/api.md: E-mail digests): the SMTP server that relays them, as
   * smtp://[user:password@]host[:port] (STARTTLS when the server offers it) or smtps://… (TLS from the
   * start). Unset: e-mail subscriptions are refused (400).
   */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'an smtp:// or smtps:// URL, e.g. smtp://mail.example.org:587' })
    .optional(),
  /** The From address of every digest. */
  EMAIL_FROM: z.email().default('alerts@emergency-incidents.localhost'),
  /**
   * Least time between two digests to one subscription, in seconds (default 60: at most one message a
   * minute); the changes of the wait go in the next message.
   */
  EMAIL_DIGEST_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  /** Waits in seconds between attempts to send one digest; default: channels/email/settings.ts. */
  EMAIL_RETRY_SECONDS: secondsList.optional(),
  /**
   * Change streams (/v1/stream) one API process holds open; more are refused with 503 and Retry-After,
   * so a load balancer places them on another replica. Default: api/stream/limits.ts (20,000).
   */
  STREAM_CAPACITY: z.coerce.number().int().min(1).optional(),
  /** Signs stream tokens (POST /v1/stream/tokens); API replicas share it. Generated under DATA_DIR when unset. */
  STREAM_TOKEN_SECRET: z.string().min(16).optional(),
  /** Absolute address clients reach the API at, for links in CAP and Atom documents (default http://HOST:PORT). */
  PUBLIC_BASE_URL: z.url().optional(),
  /** CAP `sender` of every alert the service issues: e-mail style, no spaces, commas, '<' or '&'. */
  CAP_SENDER: z
    .string()
    .regex(/^[^\s,<&]+$/, "must not contain whitespace, ',', '<' or '&'")
    .default('cap@emergency-incidents.localhost'),
  /**
   * Geography: ABS LGA boundaries (`.shp`, GeoJSON or TopoJSON) and, optionally, the G-NAF localities
   * and postcodes tables and the Australian postcodes table. Archive rows with only a postcode or an
   * LGA get an approximate location from them, and gauges are placed in an LGA (the national source's
   * also in a state); without boundaries such rows keep a null geometry and gauges a null LGA.
   */
  GEOGRAPHY_LGA_BOUNDARIES: z.string().min(1).optional(),
  GEOGRAPHY_GNAF_LOCALITIES: z.string().min(1).optional(),
  GEOGRAPHY_GNAF_POSTCODES: z.string().min(1).optional(),
  GEOGRAPHY_POSTCODE_LOCALITIES: z.string().min(1).optional(),
  /** The CAP-AU profile `<code>`: the value every Australian producer sends (docs/adr/0010-cap-outputs.md). */
  CAP_PROFILE_CODE: z
    .string()
    .regex(/^\S+$/, 'must not contain whitespace')
    .default('urn:oasis:names:tc:emergency:cap:1.2:profile:CAP-AU:1.0'),
  /** JSON overrides of the event clustering parameters (config/event-clustering.ts, ADR 11). */
  EVENT_CLUSTERING: eventClusteringSetting,
  /**
   * Declarations geography, read by the API (lookups) and the refresher (NSW LGA names): LGA
   * boundaries (ABS shapefile `.shp` with its `.dbf`, GeoJSON or TopoJSON), the G-NAF locality and
   * postcode tables and the locality→LGA (Australian postcodes) table. Declaration endpoints answer
   * 503 until the boundaries are set. Paths.
   */
  DECLARATIONS_BOUNDARIES: z.string().min(1).optional(),
  DECLARATIONS_GNAF_LOCALITIES: z.string().min(1).optional(),
  DECLARATIONS_GNAF_POSTCODES: z.string().min(1).optional(),
  DECLARATIONS_POSTCODE_LOCALITIES: z.string().min(1).optional(),
  /** The DRFA activation history: the data.gov.au catalogue entry by default, a CSV's URL or path, or `none`. */
  DECLARATIONS_DRFA_SOURCE: z.string().min(1).default(DRFA_CATALOGUE_URL),
  /** NSW register pages (URLs or paths, comma-separated); `none` reads none; the last 5 financial years when unset. */
  DECLARATIONS_NSW_PAGES: z
    .string()
    .transform((value) => (value.trim() === 'none' ? [] : commaList(value)))
    .optional(),
  /** How often the declaration sources are refreshed (a Temporal schedule). */
  DECLARATIONS_REFRESH_MINUTES: z.coerce.number().int().min(1).max(10_080).default(360),
  /**
   * Gauge sources to poll (comma-separated names of config/gauge-sources.ts, or `none`). Unset: every
   * source, except when FEEDS narrows the incident feeds, which then polls no gauges unless named here.
   */
  GAUGE_SOURCES: z
    .string()
    .transform((value) => commaList(value).filter((name) => name !== 'none'))
    .optional(),
  /** The flood class levels table (`# flood-thresholds v1` CSV, gauges/thresholds-table.ts); none when unset. */
  GAUGE_THRESHOLDS_FILE: z.string().min(1).optional(),
});

const TEMPORAL_CREDENTIALS = [
  'TEMPORAL_TLS',
  'TEMPORAL_TLS_CA_PATH',
  'TEMPORAL_TLS_CERT_PATH',
  'TEMPORAL_TLS_KEY_PATH',
  'TEMPORAL_TLS_SERVER_NAME',
  'TEMPORAL_API_KEY',
] as const;

/** Settings that only make sense together. */
const CheckedSettingsSchema = SettingsSchema.superRefine((settings, ctx) => {
  if ((settings.TEMPORAL_TLS_CERT_PATH === undefined) !== (settings.TEMPORAL_TLS_KEY_PATH === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['TEMPORAL_TLS_CERT_PATH'],
      message:
        'a client certificate needs its key: set TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH together',
    });
  }
  const credentials = TEMPORAL_CREDENTIALS.filter(
    (name) => settings[name] !== undefined && settings[name] !== false,
  );
  if (credentials.length > 0 && settings.TEMPORAL_ADDRESS === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: [credentials[0]!],
      message: `${credentials.join(', ')} apply to the cluster TEMPORAL_ADDRESS names; the dev server the service starts itself has no TLS (set TEMPORAL_ADDRESS, or unset these)`,
    });
  }
});

export type Settings = z.infer<typeof SettingsSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses settings from an environment map; throws a readable ConfigError listing every bad variable. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  // Empty strings mean "unset" so that `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = CheckedSettingsSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The process's settings. Call once from an entrypoint; `defaults` apply where the environment is silent. */
export function loadSettings(defaults: Record<string, string> = {}): Settings {
  return parseSettings({ ...defaults, ...process.env });
}

/**
 * The environment of a child process of the service: this one's, over `defaults`, under `overrides`,
 * so a child's `loadSettings()` sees the same settings as its parent plus what the parent decided.
 */
export function childEnvironment(
  defaults: Record<string, string>,
  overrides: Record<string, string> = {},
): Record<string, string | undefined> {
  return { ...defaults, ...process.env, ...overrides };
}
