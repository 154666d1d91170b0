/**
 * Fault benchmark (not a test): `npm run cluster` in its own folder, under a steady load from a client
 * that retries once on another replica, while each shared piece in turn is killed (SIGKILL; its
 * supervisor starts it again) and then frozen (SIGSTOP for --freeze-seconds, then SIGCONT; a frozen
 * process accepts connections and answers nothing). For each fault it prints: requests that failed
 * even after their retry, version rows lost or doubled in the published lake (every chain checked),
 * the log lines the cluster wrote meanwhile (request lines aside), and the seconds from the piece's
 * return to full recovery (every feed polled again, every replica serving a generation published since).
 *
 * Usage: npm run bench:faults [-- --base-port 9300 --freeze-seconds 30 --rate 20 --only postgres,s3]
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as delay } from 'node:timers/promises';
import { dataLayout } from '../config/index.js';
import { checkVersionChains, type ChainCheck } from '../lake/verify-chains.js';
import { CLUSTER_BUCKET } from '../runtime/cluster.js';
import { descendants, REQUEST_LINE, startClusterProcess } from './support/cluster-process.js';
import { RetryingLoad } from './support/retrying-load.js';

const PIECES = ['api-1', 'writer', 'ingest-1', 's3', 'postgres', 'temporal'] as const;
type Piece = (typeof PIECES)[number];
type Fault = 'kill' | 'freeze';

const { values } = parseArgs({
  options: {
    'base-port': { type: 'string', default: '9300' },
    'freeze-seconds': { type: 'string', default: '30' },
    rate: { type: 'string', default: '20' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const freezeMs = Number(values['freeze-seconds']) * 1000;
const only = values.only ? values.only.split(',') : [...PIECES];
const unknown = only.filter((name) => !PIECES.includes(name as Piece));
if (unknown.length > 0) {
  console.error(`--only takes ${PIECES.join(', ')} (got ${unknown.join(', ')})`);
  process.exit(2);
}
/** Recovery goal after the piece is back, and how long to wait for it at most. */
const RECOVERY_GOAL_S = 30;
const RECOVERY_LIMIT_MS = 240_000;

interface Row {
  piece: Piece;
  fault: Fault;
  requests: number;
  failed: number;
  lines: string[];
  recoverySeconds: number | undefined;
  before: ChainCheck;
  after: ChainCheck;
  failures: string[];
}

const root = await mkdtemp(join(tmpdir(), 'eids-faults-'));
const lakeDir = join(root, 'bucket', CLUSTER_BUCKET, 'lake');
const say = (line: string) => console.log(`[bench:faults] ${line}`);
say(`starting the cluster over ${root} (base port ${values['base-port']})`);
const cluster = await startClusterProcess(root, ['--base-port', values['base-port']]);
const apiUrls = () =>
  (cluster.record().processes ?? []).filter((p) => p.role === 'api').map((p) => p.url ?? '');
const key = readFileSync(dataLayout(root).demoKeyFile, 'utf8').trim();

interface FeedState {
  lastPolled: string | null;
}
async function getJson<T>(url: string): Promise<T | undefined> {
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(3_000),
    });
    return response.ok ? ((await response.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** Every feed polled at or after `since`, read from whichever replica answers. */
async function feedsPolledSince(since: number): Promise<boolean> {
  for (const url of apiUrls()) {
    const states = await getJson<{ states: FeedState[] }>(`${url}/v1/states`);
    if (!states) continue;
    return states.states.every((feed) => feed.lastPolled !== null && Date.parse(feed.lastPolled) >= since);
  }
  return false;
}

/** Every replica serves a generation published at or after `since`. */
async function replicasCurrentSince(since: number): Promise<boolean> {
  for (const url of apiUrls()) {
    const status = await getJson<{ lake: { publishedAt: string | null } }>(`${url}/v1/status`);
    if (!status?.lake.publishedAt || Date.parse(status.lake.publishedAt) < since) return false;
  }
  return true;
}

async function recoveredAfter(back: number): Promise<number | undefined> {
  const deadline = back + RECOVERY_LIMIT_MS;
  while (Date.now() < deadline) {
    if ((await feedsPolledSince(back)) && (await replicasCurrentSince(back)))
      return (Date.now() - back) / 1000;
    await delay(500);
  }
  return undefined;
}

/** The pids a fault reaches: the process, and for a freeze everything below it (PostgreSQL's backends). */
function signal(pid: number, name: NodeJS.Signals, tree: boolean): void {
  for (const target of tree ? [pid, ...descendants(pid)] : [pid]) {
    try {
      process.kill(target, name);
    } catch {
      // Ended meanwhile.
    }
  }
}

/** Applies a fault; resolves when the piece is back (a new pid, or SIGCONT sent). */
async function apply(piece: Piece, fault: Fault): Promise<number> {
  const pid = cluster.pidOf(piece);
  if (fault === 'freeze') {
    signal(pid, 'SIGSTOP', true);
    await delay(freezeMs);
    signal(pid, 'SIGCONT', true);
    return Date.now();
  }
  signal(pid, 'SIGKILL', false);
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await delay(200)) {
    const now = cluster.record().processes?.find((p) => p.name === piece)?.pid;
    if (now && now !== pid) return Date.now();
  }
  throw new Error(`${piece} was not started again within 2 minutes`);
}

async function runFault(load: RetryingLoad, piece: Piece, fault: Fault): Promise<Row> {
  const before = await checkVersionChains(lakeDir);
  const counts = load.snapshot();
  const started = Date.now();
  say(`${fault} ${piece} …`);
  const back = await apply(piece, fault);
  const recoverySeconds = await recoveredAfter(back);
  const ended = Date.now();
  // What was in flight settles before the counts and the lake are read.
  await delay(3_000);
  const after = await checkVersionChains(lakeDir);
  const now = load.snapshot();
  const lines = cluster.lines
    .filter((l) => l.at >= started && l.at <= ended && !REQUEST_LINE.test(l.line))
    .map((l) => l.line);
  return {
    piece,
    fault,
    requests: now.requests - counts.requests,
    failed: now.failed - counts.failed,
    lines,
    recoverySeconds,
    before,
    after,
    failures: now.failures.slice(counts.failures.length),
  };
}

async function warmUp(): Promise<void> {
  say('waiting for every feed to be polled and every replica to serve the lake …');
  const since = Date.now();
  const recovered = await recoveredAfter(since);
  if (recovered === undefined) throw new Error('the cluster did not warm up within 4 minutes');
  await delay(10_000);
}

function report(rows: Row[]): void {
  const table = rows.map((row) => ({
    piece: row.piece,
    fault: row.fault === 'kill' ? 'SIGKILL' : `SIGSTOP ${freezeMs / 1000} s`,
    requests: row.requests,
    'failed after retry': row.failed,
    'versions lost': row.after.lost,
    'versions doubled': row.after.doubled,
    'log lines': row.lines.length,
    'recovery s':
      row.recoverySeconds === undefined ? `> ${RECOVERY_LIMIT_MS / 1000}` : row.recoverySeconds.toFixed(1),
    'lake generation': `${row.before.generation} → ${row.after.generation}`,
  }));
  console.table(table);
  console.log(
    `goals: 0 failed after one retry; 0 versions lost or doubled; ≤ 5 log lines; recovery ≤ ${RECOVERY_GOAL_S} s after the piece is back`,
  );
  for (const row of rows) {
    console.log(`\n${row.fault} ${row.piece}: ${row.lines.length} lines`);
    for (const line of row.lines.slice(0, 12)) console.log(`  ${line.slice(0, 220)}`);
    for (const failure of row.failures.slice(0, 5)) console.log(`  failed: ${failure}`);
  }
}

const rows: Row[] = [];
const load = new RetryingLoad(apiUrls, key, Number(values.rate));
try {
  await warmUp();
  load.start();
  await delay(5_000);
  for (const piece of only as Piece[]) {
    for (const fault of ['kill', 'freeze'] as const) {
      rows.push(await runFault(load, piece, fault));
      await delay(5_000);
    }
  }
} finally {
  await load.stop();
  await cluster.stop();
  report(rows);
  if (!values.keep) await rm(root, { recursive: true, force: true });
}
