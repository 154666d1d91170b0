import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { ARCHIVE_BOUNDARY } from '../../config/index.js';
import { RECORD_COLUMN_LIST } from '../../lake/incident-columns.js';
import { problems } from '../problem.js';
import { assertLookback, earliestAllowed } from '../tier-access.js';
import type { AppEnv } from '../env.js';
import type { WindowReadDeps } from './deps.js';
import { collectionResponses, respondWithPage } from './collection.js';
import { inList, keysetPage } from './paging.js';
import { HistoryQuery } from './schemas.js';

const historyRoute = createRoute({
  method: 'get',
  path: '/incidents/history',
  summary: 'Incidents of a past window (paid plans)',
  description: `Every point incident that was published at some time in [after, before), in its latest state within the window, retracted ones included; a window reaching before ${ARCHIVE_BOUNDARY.slice(0, 10)} includes the historical archive's incidents active in it (meta.source archive when the whole window lies before). \`after\` defaults to the start of the plan lookback; paging is by \`cursor\` (here \`after\` is the window start, not a cursor alias).`,
  request: { query: HistoryQuery },
  responses: collectionResponses('Incidents of the window', 400, 403),
});

export function registerHistory(app: OpenAPIHono<AppEnv>, deps: WindowReadDeps): void {
  app.openapi(historyRoute, async (c) => {
    const query = c.req.valid('query');
    const now = deps.now();
    const tier = c.get('tier');
    const before = query.before ? new Date(query.before) : now;
    const after = query.after ? new Date(query.after) : (earliestAllowed(tier, now) ?? now);
    assertLookback(tier, after, now, 'History');
    if (after.getTime() >= before.getTime()) {
      throw problems.invalidParameter('after: must be earlier than before.');
    }

    const params: string[] = [after.toISOString(), before.toISOString()];
    const filters = [
      ...inList('state', query.state, params),
      ...inList('event_type', query.eventType, params),
    ];
    const slice = { states: query.state, startsBefore: before, endsAfter: after };
    const boundary = Date.parse(ARCHIVE_BOUNDARY);
    // The last version of each incident that overlaps the window; before the boundary, archive
    // incidents whose local days overlap it (an archive row is one version).
    const live = `
      SELECT * EXCLUDE (version, valid_from, valid_to, rn) FROM (
        SELECT *, row_number() OVER (PARTITION BY id ORDER BY version DESC) AS rn
        FROM ${deps.store.versionsRelation(slice)}
        WHERE feature_type = 'incident' AND valid_from < $2::TIMESTAMPTZ
          AND (valid_to IS NULL OR valid_to > $1::TIMESTAMPTZ) ${filters.map((f) => `AND ${f}`).join(' ')}
      ) WHERE rn = 1`;
    const archive = `
      SELECT ${RECORD_COLUMN_LIST} FROM ${deps.store.archiveRelation(slice)}
      WHERE valid_from < $2::TIMESTAMPTZ AND valid_to > $1::TIMESTAMPTZ ${filters.map((f) => `AND ${f}`).join(' ')}`;
    const reachesArchive = after.getTime() < boundary;
    const from = `(${reachesArchive ? `${live} UNION ALL ${archive}` : live})`;
    const page = await keysetPage(deps.store, deps.cursors, {
      from,
      where: [],
      params,
      limit: query.limit,
      filters: {
        after: after.toISOString(),
        before: before.toISOString(),
        state: query.state,
        eventType: query.eventType,
      },
      cursor: query.cursor,
    });
    return respondWithPage(c, page, {
      format: query.format,
      source: before.getTime() <= boundary ? 'archive' : 'live',
      generatedAt: now,
      cursorParameter: 'cursor',
    });
  });
}
