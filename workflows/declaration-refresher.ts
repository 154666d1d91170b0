import * as wf from '@temporalio/workflow';
import type { DeclarationIngestActivities, DeclarationWarehouseActivities } from '../activities/index.js';
import {
  CARRIED_MEMO_KEY,
  deriveSourceStatus,
  worstStatus,
  type DeclarationRefreshHealth,
  type DeclarationSourceHealth,
  type DeclarationSourceId,
} from '../model/index.js';
import { DECLARATION_PUBLISH, declarationFetch } from './activity-policies.js';
import type { FetchingWorkflowInput } from './fetching-input.js';
import { describeFailure } from './poll-failure.js';
import { STEADY_POLLING_PATCH } from './patches.js';

export interface DeclarationRefresherInput extends FetchingWorkflowInput {
  /** Refreshes per run before continuing as new (default 100). */
  refreshesPerRun?: number;
  /** Refresh as soon as the run starts (default true: a new refresher loads the data at once). */
  refreshAtStart?: boolean;
  /** Health carried across continue-as-new. */
  carried?: DeclarationRefreshHealth;
}

export const declarationHealthQuery = wf.defineQuery<DeclarationRefreshHealth>('health');
export const refreshDeclarationsSignal = wf.defineSignal('refreshNow');

const DEFAULT_REFRESHES_PER_RUN = 100;

function initialSource(source: DeclarationSourceId): DeclarationSourceHealth {
  return { source, status: 'unknown', consecutiveFailures: 0, errorCount: 0, records: 0, rejected: 0 };
}

/** The refresher's activities, each with its own policy. */
interface RefresherActivities {
  ingest: wf.ActivityInterfaceFor<DeclarationIngestActivities>;
  warehouse: wf.ActivityInterfaceFor<DeclarationWarehouseActivities>;
}

/** What a run knows and changes: the health, and whether a refresh was asked for. */
interface RefresherState {
  health: DeclarationRefreshHealth;
  requested: boolean;
}

/**
 * Keeps the declaration sources fresh: each refresh fetches a source's documents (bodies kept by
 * hash), parses them, and publishes the records as the source's lake files. A fetch, parse or guard
 * failure publishes nothing, so the last good records keep being served; the source's health says
 * what went wrong. Woken by `refreshNow` (the schedule in runtime/schedules.ts, or the CLI); answers
 * `health`. Sources are refreshed one after another, each on its own: one failing never holds up another.
 */
export async function declarationRefresher(input: DeclarationRefresherInput): Promise<void> {
  const activities = refresherActivities(input);
  const state: RefresherState = {
    health: input.carried ?? { status: 'unknown', refreshes: 0, sources: [] },
    requested: input.refreshAtStart ?? true,
  };
  wf.setHandler(declarationHealthQuery, () => state.health);
  wf.setHandler(refreshDeclarationsSignal, () => {
    state.requested = true;
  });
  // Runs started before the patch keep their commands (ADR 20).
  const steady = wf.patched(STEADY_POLLING_PATCH);

  const runs = input.refreshesPerRun ?? DEFAULT_REFRESHES_PER_RUN;
  for (let i = 0; i < runs; i++) {
    wf.setCurrentDetails(currentDetails(state.health));
    await wf.condition(() => state.requested);
    state.requested = false;
    await refreshAll(activities, state);
    // Health for readers that run no workflow code (the API lists it; a restart carries it on).
    if (steady) wf.upsertMemo({ [CARRIED_MEMO_KEY]: state.health });
  }
  await wf.continueAsNew<typeof declarationRefresher>({
    ...input,
    refreshAtStart: state.requested,
    carried: state.health,
  });
}

function refresherActivities(input: DeclarationRefresherInput): RefresherActivities {
  const attempts = input.fetchMaximumAttempts ?? 3;
  const ingest = wf.proxyActivities<DeclarationIngestActivities>({
    taskQueue: input.ingestTaskQueue,
    ...declarationFetch(attempts),
  });
  const warehouse = wf.proxyActivities<DeclarationWarehouseActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...DECLARATION_PUBLISH,
  });
  return { ingest, warehouse };
}

/** One refresh: every configured source in turn, then the refresh is counted. */
async function refreshAll(activities: RefresherActivities, state: RefresherState): Promise<void> {
  // The sources come from the ingest workers' settings, so a changed setting counts at the next refresh.
  const sources = await activities.ingest.declarationSources();
  state.health = withSources(state.health, sources);
  for (const source of sources) await refresh(activities, state, source);
  state.health = {
    ...state.health,
    refreshes: state.health.refreshes + 1,
    lastRefresh: new Date().toISOString(),
  };
}

/** The health listing exactly these sources: known ones as they were, new ones unknown. */
function withSources(
  health: DeclarationRefreshHealth,
  sources: DeclarationSourceId[],
): DeclarationRefreshHealth {
  const known = new Map(health.sources.map((entry) => [entry.source, entry]));
  const entries = sources.map((source) => known.get(source) ?? initialSource(source));
  return { ...health, sources: entries, status: worstStatus(entries.map((entry) => entry.status)) };
}

/** Fetches, parses and publishes one source; a failure publishes nothing and lands in its health. */
async function refresh(
  activities: RefresherActivities,
  state: RefresherState,
  source: DeclarationSourceId,
): Promise<void> {
  const startedAt = new Date().toISOString();
  try {
    const fetched = await activities.ingest.fetchDeclarationSource({ source });
    const parsed = await activities.ingest.parseDeclarationSource(fetched);
    const published = await activities.warehouse.publishDeclarationSource(parsed);
    state.health = updateSource(state.health, source, {
      lastOutcome: published.outcome,
      lastSuccess: startedAt,
      lastError: undefined,
      lastErrorKind: undefined,
      consecutiveFailures: 0,
      records: parsed.records,
      rejected: parsed.rejected,
      contentSha256: parsed.contentSha256,
    });
  } catch (error) {
    recordFailedRefresh(state, source, error);
  }
}

function recordFailedRefresh(state: RefresherState, source: DeclarationSourceId, error: unknown): void {
  const { kind, message } = describeFailure(error);
  const previous = state.health.sources.find((entry) => entry.source === source);
  wf.log.warn(`${source}: declaration refresh failed (${kind}): ${message}; the last good records stay`, {
    source,
    errorKind: kind,
  });
  state.health = updateSource(state.health, source, {
    lastOutcome: kind === 'retraction-guard' ? 'guarded' : 'failed',
    lastError: message,
    lastErrorKind: kind,
    consecutiveFailures: (previous?.consecutiveFailures ?? 0) + 1,
    errorCount: (previous?.errorCount ?? 0) + 1,
  });
}

/** The health with one source's entry changed (its status derived again), and the overall status. */
function updateSource(
  health: DeclarationRefreshHealth,
  source: DeclarationSourceId,
  changes: Partial<DeclarationSourceHealth>,
): DeclarationRefreshHealth {
  const sources = health.sources.map((entry) => {
    if (entry.source !== source) return entry;
    const next = { ...entry, ...changes, lastAttempt: new Date().toISOString() };
    return { ...next, status: deriveSourceStatus(next) };
  });
  return { ...health, sources, status: worstStatus(sources.map((entry) => entry.status)) };
}

/** The refresher's line in the Web UI: each source's status, records and last error. */
function currentDetails(health: DeclarationRefreshHealth): string {
  const sources = health.sources.map((source) => {
    const error = source.lastError
      ? `; last error (${source.lastErrorKind ?? 'internal'}): ${source.lastError}`
      : '';
    return `${source.source} ${source.status}: ${source.records} records, last success ${source.lastSuccess ?? 'never'}${error}`;
  });
  return `${health.refreshes} refreshes, last ${health.lastRefresh ?? 'never'}\n${sources.join('\n')}`;
}
