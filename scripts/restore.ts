import { cliOptions, cliSettings, CliError, DEMO_OPTION, UsageError } from '../runtime/cli-command.js';
import { KeyRestoreRefused, listKeyStoreBackups, restoreKeyStore } from '../runtime/key-store-restore.js';
import { restoreWriter } from '../runtime/restore-writer.js';
import { RestoreRefused } from '../warehouse/restore/index.js';
import { backupName } from '../lake/backups/key-store-backups.js';
import { describeLakeLocation, keyBackupLocationOf } from '../config/index.js';

const USAGE = `usage: npm run restore [-- --demo]
       npm run restore -- --keys [--from NAME] [--replace] [--demo]
       npm run restore -- --keys --list [--demo]

Without --keys: rebuilds the writer's warehouse from the lake it published (LAKE_URL's bucket, or
DATA_DIR/lake when LAKE_URL is unset) into DATA_DIR, with the settings the writer runs with (DATA_DIR,
LAKE_URL, S3_*, the bucket's credentials in the environment). Run it with the writer stopped and its
warehouse gone (a lost disk, a new host): a warehouse that is there is never replaced. The writer
started next continues the same lake under a new writer name, and asks every feed poller to fetch its
feed again. docs/deploy.md, "Lost the writer's disk", has the whole runbook.

With --keys: puts the SQLite key store (keys, quota counters, webhook subscriptions) back from its
newest backup in KEY_BACKUP_URL (or the one --from names; --list shows them). Run it with the service
stopped. A store file that holds keys or subscriptions is refused unless --replace, which sets it aside
beside itself. docs/deploy.md, "Lost the key store", has the runbook (PostgreSQL: pg_restore).`;

const OPTIONS = {
  ...DEMO_OPTION,
  help: { type: 'boolean' },
  keys: { type: 'boolean' },
  list: { type: 'boolean' },
  replace: { type: 'boolean' },
  from: { type: 'string' },
} as const;

async function restoreKeys(values: { demo?: boolean; list?: boolean; from?: string; replace?: boolean }) {
  const settings = cliSettings({ demo: values.demo });
  if (!values.list) {
    await restoreKeyStore(settings, values, (line) => console.error(line));
    return;
  }
  const backups = await listKeyStoreBackups(settings);
  if (backups.length === 0)
    console.error(`no key store backups in ${describeLakeLocation(keyBackupLocationOf(settings))}`);
  for (const backup of backups) {
    const { keys, revokedKeys, subscriptions } = backup.counts;
    const bytes = backup.files.reduce((sum, file) => sum + file.bytes, 0);
    console.log(
      `${backupName(backup.takenAt)}  ${keys} keys (${revokedKeys} revoked), ${subscriptions} subscriptions, ${bytes} bytes`,
    );
  }
}

try {
  const { values, positionals } = cliOptions(process.argv.slice(2), OPTIONS);
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
  if (!values.keys && (values.list || values.replace || values.from !== undefined))
    throw new UsageError('--list, --from and --replace go with --keys');
  if (values.keys) await restoreKeys(values);
  else await restoreWriter(cliSettings({ demo: values.demo }), (line) => console.error(line));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof RestoreRefused || error instanceof KeyRestoreRefused || error instanceof CliError) {
    console.error(`restore: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
