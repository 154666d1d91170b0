import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { FeedDefinition } from '../../config/index.js';
import {
  categoryMapping,
  CERTAINTIES,
  EVENT_CATEGORIES,
  EVENT_TYPES,
  FEED_REPORT_STATUSES,
  INCIDENT_STATUSES,
  OUTPUT_FORMATS,
  SEVERITIES,
  STATES,
  URGENCIES,
  WARNING_LEVELS,
  lastPollError,
  reportStatus,
  type FeedHealth,
} from '../../model/index.js';
import { GAUGE_SOURCES } from '../../config/gauge-sources.js';
import { gaugeSourceItem } from '../gauges/source-health.js';
import { pollFailuresShape, pollTimesShape } from '../poller-health-schema.js';
import { PreparedAnswer } from '../prepared-answer.js';
import type { AppEnv } from '../env.js';
import type { MetaDeps } from './deps.js';
import { jsonResponse, validationHook } from '../validation.js';
import { attributionBody, attributionRoute } from './attribution.js';
import { HealthObservedAt, statusDocument, statusRoute } from './status.js';

const FeedHealthEntry = z
  .object({
    state: z.enum(STATES),
    agency: z.string(),
    feed: z
      .string()
      .openapi({ description: 'Catalogue key of the feed (several feeds may serve one agency).' }),
    name: z.string(),
    status: z.enum(FEED_REPORT_STATUSES).openapi({
      description:
        'What the poller recorded (healthy, degraded, down after 3 failed polls in a row, unknown before its first poll), overruled by what the service sees: down when the poller is stuck (its workflow task fails) or not running, stale when it has missed its next poll by over 2 minutes or not polled for 2 hours. stale extends the list of the interface (healthy, degraded, down, unknown).',
    }),
    ...pollTimesShape,
    incidentCount: z.number().int(),
    ...pollFailuresShape,
  })
  .openapi('FeedHealth');

const statesRoute = createRoute({
  method: 'get',
  path: '/states',
  summary: 'Health of every upstream feed, from its poller',
  responses: {
    200: {
      description: 'Feed health',
      content: {
        'application/json': {
          schema: z.object({ states: z.array(FeedHealthEntry), healthObservedAt: HealthObservedAt }),
        },
      },
    },
  },
});

const SchemaBody = z
  .object({
    eventTypes: z.array(z.string()),
    eventCategories: z.array(z.string()),
    states: z.array(z.string()),
    warningLevels: z.array(z.string()),
    statuses: z.array(z.string()),
    severities: z.array(z.string()),
    urgencies: z.array(z.string()),
    certainties: z.array(z.string()),
    formats: z.array(z.string()),
    categoryMapping: z.record(z.string(), z.array(z.string())),
  })
  .openapi('Schema');

const schemaRoute = createRoute({
  method: 'get',
  path: '/schema',
  summary: 'Every enumerated value and the category mapping (no authentication)',
  responses: { 200: jsonResponse('Enumerations', SchemaBody) },
});

export function healthEntry(
  feed: FeedDefinition,
  health: FeedHealth | undefined,
  now: Date,
): z.infer<typeof FeedHealthEntry> {
  return {
    state: feed.state,
    agency: feed.agency,
    feed: feed.key,
    name: `${feed.agencyName}: ${feed.name}`,
    status: reportStatus(health, now),
    lastPolled: health?.lastPolled ?? null,
    lastSuccess: health?.lastSuccess ?? null,
    incidentCount: health?.incidentCount ?? 0,
    errorCount: health?.errorCount ?? 0,
    consecutiveFailures: health?.consecutiveFailures ?? 0,
    lastError: (health && lastPollError(health)) ?? null,
    nextPoll: health?.nextPollAt ?? null,
  };
}

const GAUGE_ITEMS = GAUGE_SOURCES.map(gaugeSourceItem);

export function metaRoutes(deps: MetaDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(statesRoute, async (c) => {
    const health = await deps.feedHealth.read(deps.catalogue);
    const now = deps.now();
    c.header('cache-control', 'no-cache');
    return c.json(
      {
        states: deps.catalogue.map((feed, i) => healthEntry(feed, health[i], now)),
        healthObservedAt: deps.feedHealth.observedAt?.toISOString() ?? null,
      },
      200,
    );
  });

  // The same for every request: serialised and gzipped once.
  const schema = new PreparedAnswer(
    {
      eventTypes: [...EVENT_TYPES],
      eventCategories: [...EVENT_CATEGORIES],
      states: [...STATES],
      warningLevels: [...WARNING_LEVELS],
      statuses: [...INCIDENT_STATUSES],
      severities: [...SEVERITIES],
      urgencies: [...URGENCIES],
      certainties: [...CERTAINTIES],
      formats: [...OUTPUT_FORMATS],
      categoryMapping: categoryMapping(),
    } satisfies z.infer<typeof SchemaBody>,
    { 'cache-control': 'public, max-age=3600' },
  );
  app.openapi(schemaRoute, (c) => schema.respond(c));

  app.openapi(statusRoute, async (c) => {
    const [feeds, gauges] = await Promise.all([
      deps.feedHealth.read(deps.catalogue),
      deps.gaugeHealth?.read(GAUGE_ITEMS) ?? [],
    ]);
    c.header('cache-control', 'no-cache');
    return c.json(await statusDocument(deps, feeds, gauges), 200);
  });

  app.openapi(attributionRoute, (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return c.json(attributionBody(deps.catalogue), 200);
  });

  return app;
}
