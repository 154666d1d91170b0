import {
  countsAtEnd,
  type ArchiveLoadProgress,
  type ArchiveLoadResult,
  type ReparseCounts,
  type ReparseProgress,
  type RowProblem,
} from '../model/index.js';
import { archiveProgressQuery, reparseProgressQuery } from '../workflows/index.js';
import { formatCount } from './progress-bar.js';
import type { WatchedWorkflow } from './workflow-cli.js';

/** How the CLIs show archive loads and re-parse backfills. */

function problemLine(problem: RowProblem): string {
  const field = problem.field ? ` ${problem.field}` : '';
  const value = problem.value !== undefined ? ` ${JSON.stringify(problem.value)}` : '';
  return `  line ${problem.line}: ${problem.problem}${field}${value}`;
}

function problemCounts(byProblem: ArchiveLoadResult['counts']['byProblem']): string {
  const entries = Object.entries(byProblem);
  return entries.length === 0 ? '' : ` (${entries.map(([name, count]) => `${name} ${count}`).join(', ')})`;
}

export const ARCHIVE_LOAD_WORKFLOW: WatchedWorkflow<ArchiveLoadProgress, ArchiveLoadResult> = {
  type: 'archiveLoad',
  noun: 'archive load',
  command: 'npm run archive --',
  progress: archiveProgressQuery,
  snapshot: (progress, nowMs) => ({
    done: countsAtEnd(progress) ? undefined : progress.counts.rowsRead,
    unit: 'rows',
    fraction:
      progress.mode === 'streaming' && progress.totalBytes > 0
        ? progress.counts.bytesRead / progress.totalBytes
        : progress.phase === 'done'
          ? 1
          : undefined,
    phase: countsAtEnd(progress) ? 'loading in bulk' : progress.phase,
    startedAtMs: Date.parse(progress.startedAt),
    nowMs,
  }),
  summary: (result) => [
    `loaded ${formatCount(result.counts.records)} records of source "${result.source}" from ${formatCount(result.counts.rowsRead)} rows (${result.mode}) into ${result.files} files, ${(result.bytes / 1e6).toFixed(1)} MB; lake generation ${result.generation}`,
    ...(result.replacedRows > 0
      ? [`replaced the ${formatCount(result.replacedRows)} rows of the earlier load of "${result.source}"`]
      : []),
    ...(result.replacedSources ?? []).map(
      (entry) => `replaced source "${entry.source}" (${formatCount(entry.rows)} rows), as asked`,
    ),
    ...(result.takenOver ?? []).map(
      (entry) =>
        `took over ${formatCount(entry.rows)} records whose ids source "${entry.source}" held (an id is kept once; the newest load wins)`,
    ),
    `set aside ${formatCount(result.counts.rejectedRows)} rows, ${formatCount(result.counts.warnings)} warnings${problemCounts(result.counts.byProblem)}`,
    ...result.problems.map(problemLine),
    ...(result.problemsTruncated ? ['  …'] : []),
    `every problem with its line: ${result.reportPath} (under the data folder)`,
  ],
  describe: (progress) => [
    `file ${progress.file} (${progress.format}), source "${progress.source}", ${progress.mode ?? 'mode not chosen yet'}; ${progress.phase}`,
    `${formatCount(progress.counts.rowsRead)} rows read, ${formatCount(progress.counts.records)} records, ${formatCount(progress.counts.rejectedRows)} set aside${problemCounts(progress.counts.byProblem)}`,
    ...progress.problems.map(problemLine),
    ...progress.resumedAt.map((at) => `resumed at line ${formatCount(at.line)} after losing its worker`),
    ...(progress.error ? [`error: ${progress.error}`] : []),
  ],
  error: (progress) => progress.error,
};

export const REPARSE_WORKFLOW: WatchedWorkflow<ReparseProgress, ReparseCounts> = {
  type: 'reparseBackfill',
  noun: 're-parse backfill',
  command: 'npm run backfill --',
  progress: reparseProgressQuery,
  snapshot: (progress, nowMs) => ({
    done: progress.counts.polls,
    total: progress.totalPolls,
    unit: 'bodies',
    fraction: progress.totalPolls > 0 ? progress.counts.polls / progress.totalPolls : undefined,
    phase: progress.phase,
    startedAtMs: Date.parse(progress.startedAt),
    nowMs,
  }),
  summary: (counts) => [
    `re-parsed ${formatCount(counts.polls)} bodies: ${formatCount(counts.changed)} versions changed, ${formatCount(counts.unchanged)} unchanged, ${formatCount(counts.unmatched)} no longer read by today's parser (kept)`,
    `${formatCount(counts.liveChanged)} live incidents changed; ${counts.bodiesMissing} bodies no longer kept, ${counts.bodiesUnreadable} refused by today's parser; ${counts.generations} lake generations`,
  ],
  describe: (progress) => [
    `feed ${progress.feedKey}, ${progress.from} to ${progress.to}; ${progress.phase}; ${progress.reachesLatest ? 'reaches the latest body: live incidents may change' : 'before the latest body: live incidents stay as they are'}`,
    ...REPARSE_WORKFLOW.summary(progress.counts),
    ...(progress.error ? [`error: ${progress.error}`] : []),
  ],
  error: (progress) => progress.error,
};
