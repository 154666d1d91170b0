import {
  WorkflowFailedError,
  WorkflowNotFoundError,
  type Client,
  type WorkflowHandle,
} from '@temporalio/client';
import type { QueryDefinition } from '@temporalio/common';
import {
  CliError,
  cliOptions,
  cliSettingsBeside,
  DEMO_OPTION,
  onePositional,
  UsageError,
} from './cli-command.js';
import { renderProgress, type ProgressSnapshot } from './progress-bar.js';
import { connectTemporal, findTemporal, webUiLink, type TemporalTarget } from './temporal-target.js';

/**
 * What the archive and backfill CLIs share about workflows: reaching the service's Temporal
 * (runtime/temporal-target.ts), starting one with its Web UI link, watching it with a progress bar
 * from its `progress` query until it ends (or not, with --detach), and list / status / cancel.
 */

/** One kind of long workflow the CLIs start and watch. */
export interface WatchedWorkflow<Progress, Result> {
  /** The workflow type, e.g. `archiveLoad`. */
  type: string;
  /** For people: "archive load". */
  noun: string;
  /** The npm command that manages it, for hints: `npm run archive --`. */
  command: string;
  progress: QueryDefinition<Progress>;
  snapshot(progress: Progress, nowMs: number): ProgressSnapshot;
  /** Lines that say what the workflow did (the end of a watch, `status` of a finished one). */
  summary(result: Result): string[];
  /** Lines that say where a running (or failed) workflow is. */
  describe(progress: Progress): string[];
  /** The failure the progress records, when it failed. */
  error(progress: Progress): string | undefined;
}

const failureMessage = (error: unknown): string => {
  let cause: unknown = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return cause instanceof Error ? cause.message : String(cause);
};

async function notFoundAsCliError<T>(noun: string, id: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) throw new CliError(`no ${noun} with id ${id}`);
    throw error;
  }
}

/**
 * Draws the progress bar until the workflow ends (a line every 5 s when stderr is not a terminal),
 * then prints its summary. Ctrl-C stops watching, not the workflow. Resolves with the exit code.
 */
export async function watchWorkflow<Progress, Result>(
  handle: WorkflowHandle,
  kind: WatchedWorkflow<Progress, Result>,
  out: { log: (line: string) => void; stderr: NodeJS.WriteStream },
): Promise<number> {
  const tty = out.stderr.isTTY;
  let lastPrinted = 0;
  let last: Progress | undefined;
  /** `final`: the last line, printed whatever the interval. */
  const draw = async (final = false) => {
    try {
      last = await handle.query(kind.progress);
    } catch {
      return; // A worker restarting: keep the last line.
    }
    const line = renderProgress(kind.snapshot(last, Date.now()));
    if (tty) out.stderr.write(`\r${line}\u001b[K`);
    else if (final || Date.now() - lastPrinted >= 5_000) {
      out.stderr.write(`${line}\n`);
      lastPrinted = Date.now();
    }
  };
  const timer = setInterval(() => void draw(), 500);
  const detach = () => {
    clearInterval(timer);
    out.stderr.write(
      `${tty ? '\n' : ''}stopped watching; the ${kind.noun} goes on: ${kind.command} status ${handle.workflowId}\n`,
    );
    process.exit(0);
  };
  process.once('SIGINT', detach);
  try {
    const result = (await handle.result()) as Result;
    await draw(true);
    if (tty) out.stderr.write('\n');
    for (const line of kind.summary(result)) out.log(line);
    return 0;
  } catch (error) {
    await draw(true);
    if (tty) out.stderr.write('\n');
    const reason = (last && kind.error(last)) ?? failureMessage(error);
    out.log(`the ${kind.noun} ${error instanceof WorkflowFailedError ? 'failed' : 'ended'}: ${reason}`);
    return 1;
  } finally {
    clearInterval(timer);
    process.removeListener('SIGINT', detach);
  }
}

/**
 * Starts a workflow of this kind on the service's ingest task queue, prints its id and Web UI link,
 * then watches it to its end; with `detach`, says how to follow it instead. Resolves with the exit code.
 */
export async function startWorkflow<Progress, Result>(
  target: TemporalTarget,
  kind: WatchedWorkflow<Progress, Result>,
  start: { workflowId: string; args: unknown[]; detach: boolean },
): Promise<number> {
  const { workflowId } = start;
  const { client, close } = await connectTemporal(target);
  try {
    const handle = await client.workflow.start(kind.type, {
      workflowId,
      taskQueue: target.ingestTaskQueue,
      args: start.args,
    });
    console.log(`started ${workflowId}`);
    const link = webUiLink(target, workflowId);
    if (link) console.log(`Temporal Web UI: ${link}`);
    if (start.detach) {
      console.log(`follow it: ${kind.command} status ${workflowId}`);
      return 0;
    }
    return await watchWorkflow(handle, kind, {
      log: (line) => console.log(line),
      stderr: process.stderr,
    });
  } finally {
    await close();
  }
}

type ManageCommand = 'list' | 'status' | 'cancel';

/** The `list`, `status <ID>` and `cancel <ID>` commands of this kind of workflow; `idNoun` names the ID in mistakes. */
export function manageCommands<Progress, Result>(
  kind: WatchedWorkflow<Progress, Result>,
  idNoun: string,
): Record<ManageCommand, (args: string[]) => Promise<number>> {
  const manage = (command: ManageCommand) => (args: string[]) => manageWorkflows(kind, command, args, idNoun);
  return { list: manage('list'), status: manage('status'), cancel: manage('cancel') };
}

async function manageWorkflows<Progress, Result>(
  kind: WatchedWorkflow<Progress, Result>,
  command: ManageCommand,
  args: string[],
  idNoun: string,
): Promise<number> {
  const { values, positionals } = cliOptions(args, DEMO_OPTION);
  if (command === 'list' && positionals.length > 0) throw new UsageError('list takes no arguments');
  const id = command === 'list' ? '' : onePositional(positionals, idNoun);
  const { client, close } = await connectTemporal(await findTemporal(await cliSettingsBeside(values)));
  const log = (line: string) => console.log(line);
  try {
    if (command === 'list') await listWorkflows(client, kind, log);
    else if (command === 'status') await workflowStatus(client, kind, id, log);
    else await cancelWorkflow(client, kind, id, log);
    return 0;
  } finally {
    await close();
  }
}

export async function listWorkflows(
  client: Client,
  kind: Pick<WatchedWorkflow<unknown, unknown>, 'type'>,
  log: (line: string) => void,
): Promise<void> {
  let count = 0;
  for await (const execution of client.workflow.list({ query: `WorkflowType = '${kind.type}'` })) {
    count += 1;
    const closed = execution.closeTime ? ` → ${execution.closeTime.toISOString()}` : '';
    log(
      `${execution.workflowId}  ${execution.status.name.toLowerCase()}  ${execution.startTime.toISOString()}${closed}`,
    );
  }
  if (count === 0) log('none');
}

export async function workflowStatus<Progress, Result>(
  client: Client,
  kind: WatchedWorkflow<Progress, Result>,
  id: string,
  log: (line: string) => void,
): Promise<void> {
  const handle = client.workflow.getHandle(id);
  const description = await notFoundAsCliError(kind.noun, id, () => handle.describe());
  if (description.type !== kind.type) throw new CliError(`${id} is not an ${kind.noun}`);
  log(`${id}: ${description.status.name.toLowerCase()} (started ${description.startTime.toISOString()})`);
  if (description.status.name === 'COMPLETED') {
    for (const line of kind.summary((await handle.result()) as Result)) log(line);
    return;
  }
  const progress = await handle.query(kind.progress).catch(() => undefined);
  if (!progress) {
    log('(its progress cannot be read now: no worker answers; is the service running?)');
    return;
  }
  if (description.status.name === 'RUNNING') log(renderProgress(kind.snapshot(progress, Date.now())));
  for (const line of kind.describe(progress)) log(line);
}

export async function cancelWorkflow(
  client: Client,
  kind: Pick<WatchedWorkflow<unknown, unknown>, 'noun'>,
  id: string,
  log: (line: string) => void,
): Promise<void> {
  const handle = client.workflow.getHandle(id);
  const description = await notFoundAsCliError(kind.noun, id, () => handle.describe());
  if (description.status.name !== 'RUNNING') {
    throw new CliError(`${id} is ${description.status.name.toLowerCase()}, not running`);
  }
  await handle.cancel();
  log(`asked ${id} to stop; nothing it has not published yet will be`);
}
