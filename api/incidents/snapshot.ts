import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { ARCHIVE_BOUNDARY } from '../../config/index.js';
import { toArchiveFeature } from '../../exports/geojson.js';
import type { ArchiveFields, IncidentRecord } from '../../model/index.js';
import { problems } from '../problem.js';
import { assertLookback } from '../tier-access.js';
import type { AppEnv } from '../env.js';
import type { WindowReadDeps } from './deps.js';
import { collectionResponses, respondWithPage } from './collection.js';
import { inList, keysetPage } from './paging.js';
import { SnapshotQuery } from './schemas.js';

const snapshotRoute = createRoute({
  method: 'get',
  path: '/incidents/snapshot',
  summary: 'Incidents active at an instant',
  description: `Point incidents active at \`datetime\`. Instants from ${ARCHIVE_BOUNDARY.slice(0, 10)} on are rebuilt from the version rows (meta.source live); earlier ones read the historical archive (meta.source archive) and need a state filter and a plan whose lookback reaches them.`,
  request: { query: SnapshotQuery },
  responses: collectionResponses('Incidents active at the instant', 400, 403),
});

export function registerSnapshot(app: OpenAPIHono<AppEnv>, deps: WindowReadDeps): void {
  app.openapi(snapshotRoute, async (c) => {
    const query = c.req.valid('query');
    const now = deps.now();
    const instant = new Date(query.datetime);
    if (instant.getTime() > now.getTime()) {
      throw problems.invalidParameter(`datetime: ${query.datetime} is in the future.`);
    }
    const archive = instant.getTime() < Date.parse(ARCHIVE_BOUNDARY);
    if (archive && !query.state) {
      throw problems.invalidParameter(
        `state: required for instants before ${ARCHIVE_BOUNDARY.slice(0, 10)}, which read the historical archive.`,
      );
    }
    if (archive) assertLookback(c.get('tier'), instant, now, 'An archive snapshot');

    const params: unknown[] = [instant.toISOString()];
    const conditions = [
      'valid_from <= $1::TIMESTAMPTZ',
      // An archive row always ends; a plain comparison lets the Parquet reader skip every row group
      // whose incidents all ended before the instant (files are sorted by start, so most of them).
      archive ? 'valid_to > $1::TIMESTAMPTZ' : '(valid_to IS NULL OR valid_to > $1::TIMESTAMPTZ)',
      "feature_type = 'incident'",
      'NOT retracted',
      ...inList('state', query.state, params),
      ...inList('event_type', query.event_type, params),
    ];
    const slice = { states: query.state, startsBefore: new Date(instant.getTime() + 1), endsAfter: instant };
    const page = await keysetPage(deps.store, deps.cursors, {
      // Only files that can hold a row active at the instant are read (state partitions, time statistics).
      from: archive ? deps.store.archiveRelation(slice) : deps.store.versionsRelation(slice),
      where: conditions,
      params: params as string[],
      limit: query.limit,
      filters: { datetime: instant.toISOString(), state: query.state, event_type: query.event_type },
      cursor: query.cursor,
      after: query.after,
    });
    return respondWithPage(c, page, {
      format: query.format,
      source: archive ? 'archive' : 'live',
      generatedAt: now,
      ...(archive
        ? {
            featureJson: (record: IncidentRecord) =>
              JSON.stringify(toArchiveFeature(record as IncidentRecord & ArchiveFields)),
          }
        : {}),
    });
  });
}
