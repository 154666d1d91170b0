import { createRoute, z } from '@hono/zod-openapi';
import type { FeedDefinition } from '../../config/index.js';
import { FEED_REPORT_STATUSES, STATES, type FeedHealth, type FeedReportStatus } from '../../model/index.js';

/** A feed whose last poll is older than this is stale, whatever its stored status. */
export const STALE_AFTER_MS = 2 * 60 * 60 * 1000;

export function reportStatus(health: FeedHealth | undefined, now: Date): FeedReportStatus {
  if (!health?.lastPolled) return health?.status ?? 'unknown';
  if (now.getTime() - Date.parse(health.lastPolled) > STALE_AFTER_MS) return 'stale';
  return health.status;
}

/** Overall: down when every feed is down or unknown, degraded when any is not healthy, else healthy. */
export function overallStatus(statuses: FeedReportStatus[]): 'healthy' | 'degraded' | 'down' {
  if (statuses.length === 0 || statuses.every((s) => s === 'down' || s === 'unknown')) return 'down';
  return statuses.every((s) => s === 'healthy') ? 'healthy' : 'degraded';
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

const StatusBody = z
  .object({
    status: z.enum(['healthy', 'degraded', 'down']),
    version: z.string(),
    uptime: z.string(),
    timestamp: z.string(),
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
  })
  .openapi('Status');

export const statusRoute = createRoute({
  method: 'get',
  path: '/status',
  summary: 'API health: feed statuses with staleness, version and uptime',
  responses: { 200: { description: 'Status', content: { 'application/json': { schema: StatusBody } } } },
});

export function statusBody(
  catalogue: readonly FeedDefinition[],
  health: (FeedHealth | undefined)[],
  { version, startedAt, now }: { version: string; startedAt: Date; now: Date },
) {
  const feeds = catalogue.map((feed, i) => ({
    state: feed.state,
    agency: feed.agency,
    feed: feed.key,
    status: reportStatus(health[i], now),
  }));
  const counts: Record<string, number> = { total: feeds.length };
  for (const status of FEED_REPORT_STATUSES) counts[status] = feeds.filter((f) => f.status === status).length;
  return {
    status: overallStatus(feeds.map((f) => f.status)),
    version,
    uptime: formatUptime(now.getTime() - startedAt.getTime()),
    timestamp: now.toISOString(),
    counts,
    feeds,
  };
}
