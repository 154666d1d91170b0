import { parseArgs } from 'node:util';
import { issueKey, KeyRequestError } from '../api/access/issue.js';
import { quotaPeriod } from '../api/access/rate-limit.js';
import { SqliteAccessStore } from '../api/access/sqlite-store.js';
import { ConfigError, dataLayout, loadSettings, TIER_MONTHLY_QUOTA, TIERS } from '../config/index.js';

/**
 * Key administration against DATA_DIR's access store, safe while the API runs (SQLite WAL).
 *   npm run keys -- create --tier pro [--label text] [--entitlement declarations] [--origin https://app.example]...
 *   npm run keys -- list [--json]
 *   npm run keys -- revoke <keyId>
 * `create` prints the key alone on stdout (so it can be captured) and never again; the rest is on stderr.
 */
const USAGE = `usage:
  npm run keys -- create --tier <${TIERS.join('|')}> [--label <text>] [--entitlement declarations] [--origin <https://app.example>]...
  npm run keys -- list [--json]
  npm run keys -- revoke <keyId>`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let settings;
try {
  settings = loadSettings();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    tier: { type: 'string' },
    label: { type: 'string' },
    entitlement: { type: 'string', multiple: true },
    origin: { type: 'string', multiple: true },
    json: { type: 'boolean', default: false },
  },
});
const [command, ...rest] = positionals;
const store = SqliteAccessStore.open(dataLayout(settings.DATA_DIR).accessDbFile);
const now = new Date();

try {
  if (command === 'create' && rest.length === 0) {
    if (!values.tier) fail(`create needs --tier\n${USAGE}`, 2);
    const { key, token } = await issueKey(
      store,
      {
        tier: values.tier,
        ...(values.label !== undefined ? { label: values.label } : {}),
        entitlements: values.entitlement ?? [],
        origins: values.origin ?? [],
      },
      now,
    );
    console.error(
      `Created key ${key.id} (${key.tier}${key.entitlements.length ? `, ${key.entitlements.join(', ')}` : ''}${
        key.origins.length ? `, origins ${key.origins.join(' ')}` : ''
      }). Store it now: it cannot be shown again.`,
    );
    console.log(token);
  } else if (command === 'list' && rest.length === 0) {
    const period = quotaPeriod(now);
    const keys = await Promise.all(
      (await store.list()).map(async (key) => ({
        ...key,
        usedThisMonth: await store.peek(key.id, period),
        monthlyQuota: (settings.MONTHLY_QUOTAS ?? TIER_MONTHLY_QUOTA)[key.tier],
      })),
    );
    if (values.json) {
      console.log(JSON.stringify({ period, keys }, null, 2));
    } else if (keys.length === 0) {
      console.log('No keys yet: npm run keys -- create --tier free');
    } else {
      const rows = keys.map((k) => [
        k.id,
        k.tier,
        k.label || '-',
        k.entitlements.join(',') || '-',
        k.origins.join(' ') || 'any',
        k.createdAt,
        k.revokedAt ?? '-',
        `${k.usedThisMonth}/${k.monthlyQuota}`,
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
  } else if (command === 'revoke' && rest.length === 1) {
    const id = rest[0]!;
    if (!(await store.revoke(id, now))) fail(`No key has the id ${id}.`);
    console.error(`Revoked ${id}: it stops working at once.`);
  } else {
    fail(USAGE, 2);
  }
} catch (error) {
  fail(error instanceof KeyRequestError ? error.message : String(error));
} finally {
  store.close();
}
