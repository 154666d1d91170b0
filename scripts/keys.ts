import { parseArgs } from 'node:util';
import { checkKeyRequest, issueKey, KeyRequestError, type CheckedKeyRequest } from '../api/access/issue.js';
import { isKeyId } from '../api/access/key-format.js';
import { quotaPeriod } from '../api/access/rate-limit.js';
import { openAccessStore } from '../api/access/open-store.js';
import { ConfigError, DEMO_DATA_DIR, loadSettings, TIER_MONTHLY_QUOTA, TIERS } from '../config/index.js';
import { serviceRunsOver } from '../runtime/service-file.js';

/**
 * Key administration against the access store the API reads (DATABASE_URL's PostgreSQL, else the
 * SQLite file of DATA_DIR, or of the demo with --demo), safe while the API runs. `create` prints the key alone on stdout (so it can be captured) and never
 * again; everything else is on stderr.
 */
const USAGE = `usage:
  npm run keys -- create --tier <${TIERS.join('|')}> [--label <text>] [--entitlement declarations] [--origin <https://app.example>]... [--monthly-quota <n>] [--per-client] [--demo]
  npm run keys -- list [--json] [--demo]
  npm run keys -- revoke <keyId> [--demo]
  npm run keys -- --help

Keys live in DATA_DIR (default data/), where \`npm start\` reads them; with --demo, DATA_DIR defaults to
${DEMO_DATA_DIR}/, where \`npm run demo\` reads them. A key works only for the service whose data folder holds it.
With DATABASE_URL set, keys live in that PostgreSQL database instead, shared by every API replica.
--monthly-quota gives the key a monthly quota of its own instead of its plan's; --per-client counts its
per-second and per-minute limits per client address (a key many clients share, such as a public page's).`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

function usageError(message: string): never {
  fail(`${message}\n\n${USAGE}`, 2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      tier: { type: 'string' },
      label: { type: 'string' },
      entitlement: { type: 'string', multiple: true },
      origin: { type: 'string', multiple: true },
      'monthly-quota': { type: 'string' },
      'per-client': { type: 'boolean' },
      json: { type: 'boolean' },
      demo: { type: 'boolean' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (error) {
  // parseArgs explains an unknown option or a missing value in one sentence.
  usageError(error instanceof Error ? error.message : String(error));
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [command, ...rest] = positionals;
const expected: Record<string, number> = { create: 0, list: 0, revoke: 1 };
if (command === undefined) usageError('Say what to do: create, list or revoke.');
if (!(command in expected)) usageError(`Unknown command "${command}".`);
if (rest.length !== expected[command]) {
  usageError(command === 'revoke' ? 'revoke takes one key id.' : `${command} takes no other words.`);
}
// An option another command takes is a mistake here, not something to ignore.
const OPTIONS_OF: Record<string, readonly string[]> = {
  create: ['tier', 'label', 'entitlement', 'origin', 'monthly-quota', 'per-client', 'demo'],
  list: ['json', 'demo'],
  revoke: ['demo'],
};
for (const [name, value] of Object.entries(values)) {
  if (value !== undefined && name !== 'help' && !OPTIONS_OF[command]!.includes(name)) {
    usageError(`${command} does not take --${name}.`);
  }
}
// Every argument is checked before the store is opened: a bad one changes nothing.
let request: CheckedKeyRequest | undefined;
if (command === 'create') {
  if (!values.tier) usageError('create needs --tier.');
  const quota = values['monthly-quota'];
  if (quota !== undefined && !/^[1-9]\d*$/.test(quota)) {
    usageError(`--monthly-quota takes a whole number above 0 (got ${quota}).`);
  }
  try {
    request = checkKeyRequest({
      tier: values.tier,
      ...(values.label !== undefined ? { label: values.label } : {}),
      entitlements: values.entitlement ?? [],
      origins: values.origin ?? [],
      monthlyQuota: quota === undefined ? null : Number(quota),
      perClient: values['per-client'] ?? false,
    });
  } catch (error) {
    if (error instanceof KeyRequestError) usageError(error.message);
    throw error;
  }
}
if (command === 'revoke' && !isKeyId(rest[0]!)) {
  usageError(`revoke takes a key id as list shows it (12 of a-z and 2-7), not "${rest[0]}".`);
}

let settings;
try {
  settings = loadSettings(values.demo ? { DATA_DIR: DEMO_DATA_DIR } : {});
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
// --demo resolves the folder as `npm run demo` does: data/demo unless DATA_DIR says otherwise.
const dataDir = settings.DATA_DIR;
let opened;
try {
  opened = await openAccessStore(settings);
} catch (error) {
  fail(`The access store could not be opened: ${error instanceof Error ? error.message : String(error)}`);
}
const { store, where } = opened;
const now = new Date();

try {
  if (command === 'create') {
    const { key, token } = await issueKey(store, request!, now);
    console.error(
      `Created key ${key.id} (${key.tier}${key.entitlements.length ? `, ${key.entitlements.join(', ')}` : ''}${
        key.origins.length ? `, origins ${key.origins.join(' ')}` : ''
      }${key.monthlyQuota === null ? '' : `, ${key.monthlyQuota} requests a month`}${
        key.perClient ? ', limits per client address' : ''
      }) in ${where}. Store it now: it cannot be shown again.`,
    );
    if (!values.demo && (await serviceRunsOver(DEMO_DATA_DIR)) && !(await serviceRunsOver(dataDir))) {
      console.error(
        `Note: the demo is running and reads keys from ${DEMO_DATA_DIR}/, not ${dataDir}/; for a key the demo accepts, add --demo.`,
      );
    }
    console.log(token);
  } else if (command === 'list') {
    const period = quotaPeriod(now);
    const keys = await Promise.all(
      (await store.list()).map(async (key) => ({
        ...key,
        usedThisMonth: await store.peek(key.id, period),
        // The key's own quota, else its plan's.
        monthlyQuota: key.monthlyQuota ?? (settings.MONTHLY_QUOTAS ?? TIER_MONTHLY_QUOTA)[key.tier],
        ownMonthlyQuota: key.monthlyQuota !== null,
      })),
    );
    if (values.json) {
      console.log(JSON.stringify({ period, keys }, null, 2));
    } else if (keys.length === 0) {
      console.log(
        `No keys in ${where} yet: npm run keys -- create --tier free${values.demo ? ' --demo' : ''}`,
      );
    } else {
      const rows = keys.map((k) => [
        k.id,
        k.tier,
        k.label || '-',
        k.entitlements.join(',') || '-',
        k.origins.join(' ') || 'any',
        k.createdAt,
        k.revokedAt ?? '-',
        `${k.usedThisMonth}/${k.monthlyQuota}${k.ownMonthlyQuota ? ' (own)' : ''}`,
        k.perClient ? 'per client' : 'per key',
      ]);
      const header = [
        'id',
        'tier',
        'label',
        'entitlements',
        'origins',
        'created',
        'revoked',
        `used ${period}`,
        'short windows',
      ];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      for (const row of [header, ...rows])
        console.log(
          row
            .map((cell, i) => cell.padEnd(widths[i]!))
            .join('  ')
            .trimEnd(),
        );
    }
  } else {
    const id = rest[0]!;
    if (!(await store.revoke(id, now))) fail(`No key has the id ${id} in ${where}.`);
    console.error(`Revoked ${id}: it stops working at once.`);
  }
} catch (error) {
  fail(error instanceof KeyRequestError ? error.message : String(error));
} finally {
  await store.close();
}
