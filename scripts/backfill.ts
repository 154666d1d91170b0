import { randomUUID } from 'node:crypto';
import { FEED_CATALOGUE, feedByKey } from '../config/index.js';
import { REPARSE_WORKFLOW } from '../runtime/watched-workflows.js';
import { manageCommands, startWorkflow } from '../runtime/workflow-cli.js';
import { cliOptions, cliSettingsBeside, DEMO_OPTION, runCli, UsageError } from '../runtime/cli-command.js';
import { findTemporal } from '../runtime/temporal-target.js';
import type { ReparseBackfillInput } from '../workflows/index.js';

/** Backfills from the command line: re-parse a feed's kept bodies with today's parsers (ADR 17). */
const USAGE = `usage:
  npm run backfill -- reparse --feed <KEY> --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--detach] [--demo]
      re-reads the bodies kept for a feed (data/raw/<feed>/<day>/) over the days from..to (UTC, both
      inclusive) with today's parsers and rewrites the versions those polls opened, as a reparseBackfill
      workflow of the running service; prints its Temporal Web UI link and draws its progress until it
      ends (--detach: at once). Nothing is retracted; live incidents change only when the window
      reaches the feed's latest body (docs/adr/0017-reparse-backfills.md).
  npm run backfill -- list [--demo]       every backfill, newest first
  npm run backfill -- status <ID> [--demo] where a backfill is, or what it did
  npm run backfill -- cancel <ID> [--demo] stops a backfill after the group of polls under way

The commands reach the service running over DATA_DIR (default data/; --demo: the demo's, data/demo/)
wherever its Temporal listens (DATA_DIR/service.json), or the Temporal that TEMPORAL_ADDRESS names.`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(name: string, text: string | undefined): string {
  if (text === undefined) throw new UsageError(`--${name} is required`);
  const parsed = new Date(`${text}T00:00:00Z`);
  if (!DAY.test(text) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text) {
    throw new UsageError(`--${name} must be a day as YYYY-MM-DD, not "${text}"`);
  }
  return text;
}

async function reparse(args: string[]): Promise<number> {
  const { values, positionals } = cliOptions(args, {
    feed: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    detach: { type: 'boolean' },
    ...DEMO_OPTION,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  if (values.feed === undefined) throw new UsageError('--feed is required');
  if (!feedByKey(values.feed)) {
    throw new UsageError(
      `--feed must be a catalogue key (${FEED_CATALOGUE.slice(0, 3)
        .map((feed) => feed.key)
        .join(', ')}, …), not "${values.feed}"`,
    );
  }
  const from = day('from', values.from);
  const to = day('to', values.to);
  if (to < from) throw new UsageError(`--to (${to}) is before --from (${from})`);
  const target = await findTemporal(await cliSettingsBeside(values));
  const workflowId = `backfill-reparse-${values.feed}-${from}-${to}-${randomUUID().slice(0, 4)}`;
  const input: ReparseBackfillInput = {
    feedKey: values.feed,
    from,
    to,
    warehouseTaskQueue: target.warehouseTaskQueue,
  };
  return startWorkflow(target, REPARSE_WORKFLOW, {
    workflowId,
    args: [input],
    detach: values.detach ?? false,
  });
}

await runCli('backfill', USAGE, {
  reparse,
  ...manageCommands(REPARSE_WORKFLOW, 'backfill id'),
});
