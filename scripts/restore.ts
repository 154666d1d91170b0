import { cliOptions, cliSettings, CliError, DEMO_OPTION, UsageError } from '../runtime/cli-command.js';
import { restoreWriter } from '../runtime/restore-writer.js';
import { RestoreRefused } from '../warehouse/restore/index.js';

const USAGE = `usage: npm run restore [-- --demo]

Rebuilds the writer's warehouse from the lake it published (LAKE_URL's bucket, or DATA_DIR/lake when
LAKE_URL is unset) into DATA_DIR, with the settings the writer runs with (DATA_DIR, LAKE_URL, S3_*, the
bucket's credentials in the environment). Run it with the writer stopped and its warehouse gone (a lost
disk, a new host): a warehouse that is there is never replaced. The writer started next continues the
same lake under a new writer name, and asks every feed poller to fetch its feed again.
docs/deploy.md, "Lost the writer's disk", has the whole runbook.`;

try {
  const { values, positionals } = cliOptions(process.argv.slice(2), {
    ...DEMO_OPTION,
    help: { type: 'boolean' },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
  await restoreWriter(cliSettings({ demo: values.demo }), (line) => console.error(line));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof RestoreRefused || error instanceof CliError) {
    console.error(`restore: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
