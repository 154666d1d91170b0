import { metrics } from '../telemetry/metrics.js';
import { currentActivity } from './heartbeat.js';
import { heartbeat } from '@temporalio/activity';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncidentRecord } from '../model/index.js';
import { compactLake, type CompactionResult } from '../warehouse/compact.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import type { CommitFeedInput, CommitFeedResult } from './contracts.js';
import { isGone, localFiles, type SharedFiles } from './shared-files.js';
import { heartbeating } from './heartbeat.js';

export interface WarehouseDeps {
  dataDir: string;
  lakeDir: string;
  warehouse: Warehouse;
  /** Publishes the lake after commits, coalesced (warehouse/publisher.ts). */
  publisher: { request(pollId?: string): void; afterPublished(action: () => Promise<void>): void };
  /** Where staged polls come from when the ingest workers have data folders of their own. */
  shared?: SharedFiles;
}

/**
 * Activities of the warehouse task queue, served by the one process that holds the DuckDB file open.
 * Writes are serialised by the warehouse itself.
 */
/** A poll the retraction guard held back, and how many incidents it held (0 once a poll commits). */
function countGuard(feed: string, outcome: CommitFeedResult): void {
  if (outcome.guard) metrics.guardHeld.inc({ feed });
  metrics.guardHeldIncidents.set({ feed }, outcome.guard ? outcome.received : 0);
}

/**
 * Commits a poll's staged records. The commit lands at once; publishing the lake follows within the
 * publisher's interval, so a burst of polls makes one generation.
 */
async function commitPoll(deps: Required<Omit<WarehouseDeps, 'lakeDir'>>, input: CommitFeedInput) {
  const { warehouse, publisher, shared } = deps;
  const timer = metrics.commitSeconds.startTimer({ kind: 'feed' });
  // A retried activity (the worker died after the commit) finds its poll committed: a no-op.
  // Through `exclusive`: the connection must never run two statements at once (a publish or a
  // clustering run may hold it).
  let outcome = await warehouse.exclusive(() => warehouse.committedOutcome(input.pollId));
  if (!outcome) {
    const incoming = await stagedRecords(shared, join(deps.dataDir, input.stagedPath), input.stagedPath);
    if (incoming === undefined) return publishedBefore(warehouse, input);
    outcome = await warehouse.commit({ ...commitFields(input), incoming });
  }
  timer();
  countGuard(input.feedKey, outcome);
  // With the fetch's and the publish's lines (LOG_LEVEL=debug), a poll's trace: the workflow id comes
  // with the activity's logger, the generation that first shows it names the poll id.
  currentActivity()?.log.debug(
    `committed poll ${input.pollId}: ${outcome.inserted} new versions, ${outcome.active} active${outcome.guard ? `, held back (${outcome.guard})` : ''}`,
    { pollId: input.pollId },
  );
  publisher.request(input.pollId);
  // Kept until the bucket shows the commit: a writer taking over before then commits it again.
  publisher.afterPublished(() => shared.discard(input.stagedPath));
  return outcome;
}

function commitFields({ feedKey, pollId, rawSha256, polledAt, believeDrop }: CommitFeedInput) {
  return { feedKey, pollId, rawSha256, polledAt, believeDrop };
}

/** The poll's records, or undefined when its staged body is gone (discarded once published). */
async function stagedRecords(
  shared: SharedFiles,
  stagedFile: string,
  stagedPath: string,
): Promise<IncidentRecord[] | undefined> {
  try {
    await shared.fetch(stagedPath);
    return JSON.parse(await readFile(stagedFile, 'utf8')) as IncidentRecord[];
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

/**
 * A poll whose staged body is gone was committed and published by a writer before this one (a staged
 * poll is discarded only once the bucket shows it), which this one was restored from; its activity is
 * run again because that writer never answered. Nothing to commit.
 */
async function publishedBefore(warehouse: Warehouse, input: CommitFeedInput): Promise<CommitFeedResult> {
  currentActivity()?.log.info(
    `poll ${input.pollId}: its staged body is gone, so an earlier writer committed and published it; nothing to commit`,
    { pollId: input.pollId },
  );
  const active = await warehouse.exclusive(() => warehouse.activeIncidents(input.feedKey));
  const none = { received: 0, inserted: 0, changed: 0, unchanged: 0, retracted: 0 };
  return { ...none, ownedElsewhere: 0, handedOver: 0, active, guard: null, dropFingerprint: null };
}

export function createWarehouseActivities({
  dataDir,
  lakeDir,
  warehouse,
  publisher,
  shared = localFiles(dataDir),
}: WarehouseDeps) {
  return {
    commitFeed(input: CommitFeedInput): Promise<CommitFeedResult> {
      return heartbeating(() => commitPoll({ dataDir, warehouse, publisher, shared }, input));
    },

    /** Merges the lake's small segments, heartbeating after each partition. */
    async compactLake(): Promise<CompactionResult> {
      return compactLake(warehouse, {
        lakeDir,
        now: new Date(),
        progress: (done, total) => heartbeat({ done, total }),
      });
    },
  };
}

export type WarehouseActivities = ReturnType<typeof createWarehouseActivities>;
