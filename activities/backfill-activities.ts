import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { feedByKey, type FeedDefinition } from '../config/index.js';
import { addReparseCounts, toRecord, type IncidentRecord, type ReparseCounts } from '../model/index.js';
import { MalformedFeedError, parserFor, type FeedParser } from '../sources/index.js';
import type { LakePublisher } from '../warehouse/publisher.js';
import {
  applyReparse,
  reparsePlan,
  reparsePolls,
  type ReparsedPoll,
  type ReparseOutcome,
  type ReparsePoll,
  type ReparseWindow,
} from '../warehouse/reparse.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import { currentActivity } from './heartbeat.js';
import { normalise } from '../model/index.js';
import { localFiles, type SharedFiles } from './shared-files.js';

export interface BackfillDeps {
  dataDir: string;
  lakeDir: string;
  warehouse: Warehouse;
  /** Live rows a re-parse changed reach incidents_live with the next publish. */
  publisher: Pick<LakePublisher, 'request'>;
  /** Where the ingest workers keep raw bodies when they have data folders of their own. */
  shared?: SharedFiles;
}

export interface ReparseWindowInput {
  feedKey: string;
  /** `YYYY-MM-DD`, both inclusive: UTC days, as the raw store names its folders. */
  from: string;
  to: string;
}

export interface ReparseSliceInput extends ReparseWindowInput {
  /** The last poll done by earlier slices (ISO instant), null at the start. */
  after: string | null;
  counts: ReparseCounts;
  sliceMs: number;
}

export interface ReparseSliceResult {
  after: string | null;
  counts: ReparseCounts;
  done: boolean;
}

/** Heartbeated after each group of polls: a retry after a lost worker carries on from here. */
interface ReparseHeartbeat {
  after: string | null;
  counts: ReparseCounts;
}

export const BACKFILL_FAILURES = { badRequest: 'BackfillInvalid' } as const;

/** Polls re-parsed and applied together: one transaction and one lake generation each. */
const POLLS_PER_GROUP = 25;
const DAY_MS = 86_400_000;

function windowOf(input: ReparseWindowInput): ReparseWindow {
  const from = Date.parse(`${input.from}T00:00:00Z`);
  const to = Date.parse(`${input.to}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) {
    throw ApplicationFailure.nonRetryable(
      `the window ${input.from}..${input.to} is not two dates, the first not after the second`,
      BACKFILL_FAILURES.badRequest,
    );
  }
  return { feedKey: input.feedKey, from: new Date(from), to: new Date(to + DAY_MS) };
}

function feedAndParser(feedKey: string): { feed: FeedDefinition; parser: FeedParser } {
  const feed = feedByKey(feedKey);
  const parser = feed && parserFor(feed.format);
  if (!feed || !parser) {
    throw ApplicationFailure.nonRetryable(
      feed ? `no parser for the format ${feed.format}` : `unknown feed ${feedKey}`,
      BACKFILL_FAILURES.badRequest,
    );
  }
  return { feed, parser };
}

/** What the backfill activities share: their deps, and when each day's kept bodies were last fetched. */
interface BackfillContext extends Required<BackfillDeps> {
  fetchedDays: Map<string, number>;
}

/** The kept body of a poll: raw/<feed>/<UTC day>/<sha256>.<ext>, whatever its extension. */
async function readBody(
  { dataDir, shared, fetchedDays }: BackfillContext,
  feedKey: string,
  poll: ReparsePoll,
): Promise<Buffer | undefined> {
  const day = join('raw', feedKey, poll.polledAt.slice(0, 10));
  // Once a minute per day at most: a backfill reads many polls of one day in a row.
  if ((fetchedDays.get(day) ?? 0) < Date.now() - 60_000) {
    await shared.fetchAll(`${day}/`);
    fetchedDays.set(day, Date.now());
  }
  const dir = join(dataDir, day);
  const name = (await readdir(dir).catch(() => [] as string[])).find((entry) =>
    entry.startsWith(`${poll.rawSha256}.`),
  );
  return name === undefined ? undefined : readFile(join(dir, name));
}

/** A group of polls as today's parser reads them, with the bodies missing or unreadable counted. */
interface ReparsedGroup {
  parsed: ReparsedPoll[];
  missing: number;
  unreadable: number;
}

async function reparseGroup(
  backfill: BackfillContext,
  feedKey: string,
  parser: FeedParser,
  polls: ReparsePoll[],
): Promise<ReparsedGroup> {
  const group: ReparsedGroup = { parsed: [], missing: 0, unreadable: 0 };
  for (const poll of polls) {
    const body = await readBody(backfill, feedKey, poll);
    if (!body) {
      group.missing += 1;
      continue;
    }
    try {
      const records = new Map<string, IncidentRecord>();
      for (const draft of parser(body).incidents) {
        const record = toRecord(normalise(draft, poll.polledAt));
        records.set(record.id, record);
      }
      group.parsed.push({ polledAt: poll.polledAt, records });
    } catch (error) {
      if (!(error instanceof MalformedFeedError)) throw error;
      group.unreadable += 1;
    }
  }
  return group;
}

/** Applies a group's re-parsed polls in one transaction, asking for a publish when live rows changed. */
async function applyGroup(
  { warehouse, lakeDir, publisher }: BackfillContext,
  window: ReparseWindow,
  parsed: ReparsedPoll[],
): Promise<ReparseOutcome> {
  // The latest poll is looked up again for every group: the feed goes on polling meanwhile.
  const { reachesLatest } = await reparsePlan(warehouse, window);
  const outcome = await applyReparse(warehouse, {
    lakeDir,
    feedKey: window.feedKey,
    polls: parsed,
    reachesLatest,
    now: new Date(),
  });
  if (outcome.liveChanged > 0) publisher.request();
  return outcome;
}

function planReparse({ warehouse }: BackfillContext) {
  return async (input: ReparseWindowInput): Promise<{ polls: number; reachesLatest: boolean }> => {
    feedAndParser(input.feedKey);
    return reparsePlan(warehouse, windowOf(input));
  };
}

/**
 * Re-parses the window's polls from `after` for about `sliceMs`, in groups applied one
 * transaction (and one lake generation) each, heartbeating after each group.
 */
function reparseSlice(backfill: BackfillContext) {
  return async (input: ReparseSliceInput): Promise<ReparseSliceResult> => {
    const context = currentActivity();
    const resumed = context?.info.heartbeatDetails as ReparseHeartbeat | undefined;
    let after = resumed?.after ?? input.after;
    let counts = resumed?.counts ?? input.counts;
    const { parser } = feedAndParser(input.feedKey);
    const window = windowOf(input);
    const started = Date.now();
    for (;;) {
      if (context?.cancellationSignal.aborted) throw new CancelledFailure('the backfill was cancelled');
      const polls = await reparsePolls(backfill.warehouse, window, after, POLLS_PER_GROUP);
      if (polls.length === 0) return { after, counts, done: true };
      const { parsed, missing, unreadable } = await reparseGroup(backfill, input.feedKey, parser, polls);
      const outcome = await applyGroup(backfill, window, parsed);
      counts = addReparseCounts(counts, {
        polls: polls.length,
        bodiesMissing: missing,
        bodiesUnreadable: unreadable,
        versions: outcome.versions,
        changed: outcome.changed,
        unchanged: outcome.unchanged,
        unmatched: outcome.unmatched,
        liveChanged: outcome.liveChanged,
        generations: outcome.generation === null ? 0 : 1,
      });
      after = polls[polls.length - 1]!.polledAt;
      context?.heartbeat({ after, counts } satisfies ReparseHeartbeat);
      if (Date.now() - started >= input.sliceMs) return { after, counts, done: false };
    }
  };
}

/** Activities of re-parse backfills, on the warehouse task queue (they rewrite version history). */
export function createBackfillActivities({ dataDir, shared = localFiles(dataDir), ...deps }: BackfillDeps) {
  const backfill: BackfillContext = { ...deps, dataDir, shared, fetchedDays: new Map<string, number>() };
  return {
    planReparse: planReparse(backfill),
    reparseSlice: reparseSlice(backfill),
  };
}

export type BackfillActivities = ReturnType<typeof createBackfillActivities>;
