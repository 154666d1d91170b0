import { createRoute, z } from '@hono/zod-openapi';
import type { FeedDefinition } from '../../config/index.js';
import { GAUGE_SOURCES } from '../../config/gauge-sources.js';
import {
  FEED_REPORT_STATUSES,
  GAUGE_SOURCE_NAMES,
  reportStatus,
  STATES,
  type DeclarationRefreshHealth,
  type FeedHealth,
  type FeedReportStatus,
  type GaugeSourceHealth,
} from '../../model/index.js';

import type { StatusDeps } from './deps.js';
import { DependencySchema, type DependencyReport } from './dependencies.js';
import { lakeStatus, LakeStatusSchema, type LakeStatus } from './lake-status.js';
import { DEFAULT_STREAM_CAPACITY } from '../stream/limits.js';
import { jsonResponse } from '../validation.js';

export type OverallStatus = 'healthy' | 'degraded' | 'down' | 'unknown';

/**
 * How long after this process starts a feed not heard of yet is taken as not yet polled rather than
 * missing: every poller's first poll lands within its first interval (a minute by default).
 */
export const STARTING_UP_MS = 5 * 60_000;

/**
 * Overall, from the feeds: unknown when nothing is known of any of them (health not read yet, or no
 * poll finished), down when every feed it knows of is down or stale, degraded when any is not
 * healthy — a feed still unknown counting only once the process has been up past STARTING_UP_MS.
 */
export function overallStatus(statuses: FeedReportStatus[], uptimeMs: number): OverallStatus {
  const known = statuses.filter((s) => s !== 'unknown');
  if (known.length === 0) return 'unknown';
  if (known.every((s) => s === 'down' || s === 'stale')) return 'down';
  if (known.some((s) => s !== 'healthy')) return 'degraded';
  return known.length === statuses.length || uptimeMs < STARTING_UP_MS ? 'healthy' : 'degraded';
}

/** "3d 4h 5m 6s": uptime for people; seconds are in the number too. */
export function formatUptime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const parts: [number, string][] = [
    [Math.floor(total / 86_400), 'd'],
    [Math.floor((total % 86_400) / 3_600), 'h'],
    [Math.floor((total % 3_600) / 60), 'm'],
    [total % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  const shown = parts.slice(first === -1 ? parts.length - 1 : first);
  return shown.map(([n, unit]) => `${n}${unit}`).join(' ');
}

export const HealthObservedAt = z.string().nullable().openapi({
  description:
    'When the pollers’ health was last read from Temporal (every 2 s, in the background); null before the first read. An older time means Temporal cannot be read now and the last known health is shown.',
});

const StatusBody = z
  .object({
    status: z.enum(['healthy', 'degraded', 'down', 'unknown']).openapi({
      description:
        'From the feeds: unknown when none is known yet, down when every known feed is down or stale, degraded when any is not healthy (a feed not polled yet counts from five minutes after the process started).',
    }),
    version: z.string(),
    uptime: z.string(),
    timestamp: z.string(),
    healthObservedAt: HealthObservedAt,
    counts: z.object(
      Object.fromEntries(['total', ...FEED_REPORT_STATUSES].map((k) => [k, z.number().int()])),
    ),
    feeds: z.array(
      z.object({
        state: z.enum(STATES),
        agency: z.string(),
        feed: z.string(),
        status: z.enum(FEED_REPORT_STATUSES),
      }),
    ),
    gaugeSources: z
      .array(z.object({ source: z.enum(GAUGE_SOURCE_NAMES), status: z.enum(FEED_REPORT_STATUSES) }))
      .openapi({ description: 'Each gauge source’s poller, as /v1/gauges/sources gives it in full.' }),
    declarationRefresh: z
      .object({ status: z.enum(FEED_REPORT_STATUSES) })
      .nullable()
      .openapi({
        description:
          'The declaration refresher, as /v1/declarations/sources gives it in full; null when this service has none.',
      }),
    lake: LakeStatusSchema,
    streams: z
      .object({
        open: z.number().int().min(0).openapi({ description: 'Change streams open on this process.' }),
        capacity: z.number().int().min(1).openapi({
          description: 'Streams it holds before it refuses more with 503 and Retry-After (STREAM_CAPACITY).',
        }),
        dropped: z.number().int().min(0).openapi({
          description:
            'Streams it ended with a `reset` since it started because their client stopped taking what was sent.',
        }),
      })
      .nullable()
      .openapi({ description: 'This process’s change streams (/v1/stream); null when it serves none.' }),
    dependencies: z.array(DependencySchema).openapi({
      description:
        'The shared pieces this process depends on and whether they answer; while one is away the service answers from what it holds (feed health as last read, keys in memory), and says so here.',
    }),
  })
  .openapi('Status');

export const statusRoute = createRoute({
  method: 'get',
  path: '/status',
  summary: 'API health: feed statuses with staleness, version and uptime',
  description:
    'Answers at once from the health last read (never waits for Temporal); healthObservedAt says how old it is.',
  responses: { 200: jsonResponse('Status', StatusBody) },
});

export interface StatusInputs {
  feeds: (FeedHealth | undefined)[];
  gauges: (GaugeSourceHealth | undefined)[];
  declarations: DeclarationRefreshHealth | undefined;
  declarationsServed: boolean;
  observedAt: Date | undefined;
  lake: LakeStatus;
  streams: { open: number; capacity: number; dropped: number } | null;
  dependencies: DependencyReport[];
}

export function statusBody(
  catalogue: readonly FeedDefinition[],
  health: StatusInputs,
  { version, startedAt, now }: { version: string; startedAt: Date; now: Date },
) {
  const feeds = catalogue.map((feed, i) => ({
    state: feed.state,
    agency: feed.agency,
    feed: feed.key,
    status: reportStatus(health.feeds[i], now),
  }));
  const counts: Record<string, number> = { total: feeds.length };
  for (const status of FEED_REPORT_STATUSES) counts[status] = feeds.filter((f) => f.status === status).length;
  return {
    status: overallStatus(
      feeds.map((f) => f.status),
      now.getTime() - startedAt.getTime(),
    ),
    version,
    uptime: formatUptime(now.getTime() - startedAt.getTime()),
    timestamp: now.toISOString(),
    healthObservedAt: health.observedAt?.toISOString() ?? null,
    counts,
    feeds,
    gaugeSources: GAUGE_SOURCES.map((source, i) => ({
      source: source.name,
      status: reportStatus(health.gauges[i], now),
    })),
    declarationRefresh: health.declarationsServed
      ? { status: health.declarations?.status ?? 'unknown' }
      : null,
    lake: health.lake,
    streams: health.streams,
    dependencies: health.dependencies,
  };
}

/** The /v1/status document from pollers' health already read (the status page reads it through its ledger). */
export async function statusDocument(
  deps: StatusDeps,
  feeds: (FeedHealth | undefined)[],
  gauges: (GaugeSourceHealth | undefined)[],
) {
  const inputs: StatusInputs = {
    feeds,
    gauges,
    declarations: await deps.declarationHealth?.read(),
    declarationsServed: deps.declarationHealth !== undefined,
    observedAt: deps.feedHealth.observedAt,
    lake: lakeStatus(deps.store.current, deps.lakeReplica),
    streams: deps.stream
      ? { ...deps.stream.counts, capacity: deps.streamCapacity ?? DEFAULT_STREAM_CAPACITY }
      : null,
    dependencies: deps.dependencies?.() ?? [],
  };
  return statusBody(deps.catalogue, inputs, {
    version: deps.version,
    startedAt: deps.startedAt,
    now: deps.now(),
  });
}
