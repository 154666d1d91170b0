import type { DependencyReport } from '../meta/dependencies.js';
import {
  DECLARATION_REFRESHER_WORKFLOW_ID,
  pollerWorkflowId,
  type FeedDefinition,
} from '../../config/index.js';
import { GAUGE_SOURCES } from '../../config/gauge-sources.js';
import {
  gaugePollerWorkflowId,
  lastPollError,
  reportStatus,
  STALE_AFTER_MS,
  STATES,
  type FeedHealth,
  type FeedReportStatus,
  type GaugeSourceHealth,
  type StateCode,
} from '../../model/index.js';
import { gaugeSourceItem } from '../gauges/source-health.js';
import { overallStatus } from '../meta/status.js';
import type { StatusViewDeps } from './deps.js';
import type { PollLedger, StripCell } from './poll-ledger.js';
import type { RunningWork } from './work-in-progress.js';

/** One poller's row: a feed or a gauge source. */
export interface PollerRow {
  key: string;
  name: string;
  homepage: string;
  status: FeedReportStatus;
  /** Why it is not healthy; undefined when it is. */
  reason?: string;
  lastSuccess?: string;
  lastPolled?: string;
  nextPoll?: string;
  count?: number;
  strip: StripCell[];
  /** Its workflow in the Temporal Web UI (dev setups). */
  workflowUrl?: string;
}

export interface StatusView {
  now: Date;
  status: ReturnType<typeof overallStatus>;
  version: string;
  startedAt: Date;
  healthObservedAt?: Date | undefined;
  counts: Record<FeedReportStatus, number>;
  states: { state: StateCode; feeds: PollerRow[] }[];
  gauges: PollerRow[];
  declarations:
    | {
        status: FeedReportStatus;
        lastRefresh?: string;
        reason?: string;
        sources: { source: string; status: string; lastSuccess?: string; reason?: string; records: number }[];
        workflowUrl?: string;
      }
    | undefined;
  work: RunningWork[];
  temporalUi?: { workflows: string; url: string };
  /** Shared pieces that do not answer now, with what the service does meanwhile. */
  away: DependencyReport[];
}

const GAUGE_ITEMS = GAUGE_SOURCES.map(gaugeSourceItem);

/** Why a poller is not healthy, in words; undefined when it is. */
export function reasonFor(
  status: FeedReportStatus,
  health:
    | {
        lastPolled?: string;
        nextPollAt?: string;
        lastOutcome?: string;
        lastError?: string;
        lastErrorKind?: string;
      }
    | undefined,
  now: Date,
): string | undefined {
  if (status === 'healthy') return undefined;
  if (status === 'unknown') return 'no poll has finished yet';
  if (status === 'stale') {
    const polled = health?.lastPolled ? Date.parse(health.lastPolled) : undefined;
    if (polled !== undefined && now.getTime() - polled > STALE_AFTER_MS) return 'no poll for over 2 hours';
    return `its next poll is overdue (due ${health?.nextPollAt ?? 'earlier'})`;
  }
  const error = health ? lastPollError(health as Parameters<typeof lastPollError>[0]) : undefined;
  return error ? `${error.kind}: ${error.message}` : 'its last poll failed';
}

export function readPollers(deps: StatusViewDeps, ledger: PollLedger) {
  return Promise.all([
    deps.feedHealth.read(deps.catalogue),
    deps.gaugeHealth?.read(GAUGE_ITEMS) ?? Promise.resolve([]),
  ]).then(([feeds, gauges]) => {
    const now = deps.now();
    deps.catalogue.forEach((feed, i) => ledger.observe(pollerWorkflowId(feed), feeds[i], now));
    GAUGE_SOURCES.forEach((source, i) => ledger.observe(gaugePollerWorkflowId(source.name), gauges[i], now));
    return { feeds, gauges };
  });
}

type PollerHealth = NonNullable<Parameters<typeof reportStatus>[0]> &
  Parameters<typeof reasonFor>[1] & { lastSuccess?: string | undefined };

/** A poller's row: its status and why, its polls, its strip and its workflow's link. */
function pollerRow(
  poller: { key: string; name: string; homepage: string; workflowId: string },
  health: PollerHealth | undefined,
  count: number | undefined,
  context: { now: Date; ledger: PollLedger; workflowUrl: (id: string) => string | undefined },
): PollerRow {
  const status = reportStatus(health, context.now);
  return {
    key: poller.key,
    name: poller.name,
    homepage: poller.homepage,
    status,
    reason: reasonFor(status, health, context.now),
    lastSuccess: health?.lastSuccess,
    lastPolled: health?.lastPolled,
    nextPoll: health?.nextPollAt,
    count,
    strip: context.ledger.strip(poller.workflowId, context.now),
    workflowUrl: context.workflowUrl(poller.workflowId),
  };
}

export async function statusView(deps: StatusViewDeps, ledger: PollLedger): Promise<StatusView> {
  const [{ feeds, gauges }, declarations] = await Promise.all([
    readPollers(deps, ledger),
    deps.declarationHealth?.read(),
  ]);
  const now = deps.now();
  const ui = deps.pages?.temporalUi;
  const workflowUrl = (id: string) =>
    ui
      ? `${ui.url}/namespaces/${encodeURIComponent(ui.namespace)}/workflows/${encodeURIComponent(id)}`
      : undefined;
  const context = { now, ledger, workflowUrl };
  const feedRows = feedRowsOf(deps.catalogue, feeds, context);
  const counts = { healthy: 0, degraded: 0, down: 0, stale: 0, unknown: 0 } as Record<
    FeedReportStatus,
    number
  >;
  for (const row of feedRows) counts[row.status]++;
  const gaugeRows = gaugeRowsOf(gauges, context);
  return {
    now,
    status: overallStatus(
      feedRows.map((row) => row.status),
      now.getTime() - deps.startedAt.getTime(),
    ),
    version: deps.version,
    startedAt: deps.startedAt,
    healthObservedAt: deps.feedHealth.observedAt,
    away: (deps.dependencies?.() ?? []).filter((piece) => piece.state === 'away'),
    counts,
    states: STATES.map((state) => ({ state, feeds: feedRows.filter((row) => row.state === state) })).filter(
      (group) => group.feeds.length > 0,
    ),
    gauges: gaugeRows,
    declarations: deps.declarationHealth ? declarationsView(declarations, now, ui && workflowUrl) : undefined,
    work: deps.pages?.work?.current() ?? [],
    ...(ui
      ? {
          temporalUi: {
            url: ui.url,
            workflows: `${ui.url}/namespaces/${encodeURIComponent(ui.namespace)}/workflows`,
          },
        }
      : {}),
  };
}

/** The declaration refresher's part of the page: its status and each source's. */
function declarationsView(
  declarations: Awaited<ReturnType<NonNullable<StatusViewDeps['declarationHealth']>['read']>>,
  now: Date,
  workflowUrl: ((id: string) => string | undefined) | undefined,
): StatusView['declarations'] {
  const status = reportStatus(
    declarations && {
      status: declarations.status,
      ...(declarations.lastRefresh ? { lastPolled: declarations.lastRefresh } : {}),
    },
    now,
  );
  return {
    status,
    ...(declarations?.lastRefresh ? { lastRefresh: declarations.lastRefresh } : {}),
    ...(declarations?.stuck ? { reason: declarations.stuck } : {}),
    sources: (declarations?.sources ?? []).map((source) => ({
      source: source.source,
      status: source.status,
      ...(source.lastSuccess ? { lastSuccess: source.lastSuccess } : {}),
      ...(source.status !== 'healthy'
        ? {
            reason: reasonFor(
              source.status,
              { ...(source.lastAttempt ? { lastPolled: source.lastAttempt } : {}), ...source },
              now,
            ),
          }
        : {}),
      records: source.records,
    })),
    ...(workflowUrl ? { workflowUrl: workflowUrl(DECLARATION_REFRESHER_WORKFLOW_ID) } : {}),
  };
}

type RowContext = Parameters<typeof pollerRow>[3];

/** A row for each feed of the catalogue, with its state (the page groups them by state). */
function feedRowsOf(
  catalogue: readonly FeedDefinition[],
  feeds: readonly (FeedHealth | undefined)[],
  context: RowContext,
): (PollerRow & { state: StateCode })[] {
  return catalogue.map((feed, i) => ({
    state: feed.state,
    ...pollerRow(
      {
        key: feed.key,
        name: `${feed.agencyName}: ${feed.name}`,
        homepage: feed.homepage,
        workflowId: pollerWorkflowId(feed),
      },
      feeds[i],
      feeds[i]?.incidentCount,
      context,
    ),
  }));
}

/** A row for each gauge source. */
function gaugeRowsOf(gauges: readonly (GaugeSourceHealth | undefined)[], context: RowContext): PollerRow[] {
  return GAUGE_SOURCES.map((source, i) =>
    pollerRow(
      {
        key: source.name,
        name: `${source.agency} (${source.state?.toUpperCase() ?? 'national'})`,
        homepage: source.homepage,
        workflowId: gaugePollerWorkflowId(source.name),
      },
      gauges[i],
      gauges[i]?.gaugeCount,
      context,
    ),
  );
}
