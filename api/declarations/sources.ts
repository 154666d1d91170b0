import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import {
  DECLARATION_SOURCES,
  lastPollError,
  type DeclarationRefreshHealth,
  type DeclarationSourceHealth,
  type DeclarationSourceId,
} from '../../model/index.js';
import type { AppEnv } from '../env.js';
import type { DeclarationDeps } from './deps.js';
import type { ServedSource } from './declaration-store.js';
import { SourcesResult } from './schemas.js';
import { jsonResponse } from '../validation.js';

const sourcesRoute = createRoute({
  method: 'get',
  path: '/declarations/sources',
  summary: 'Where the declarations come from, and the health of their refresh',
  description:
    'Each source with what is being served (when it was fetched, records, the documents and their sha256) and the refresher’s health for it: the declarations’ equivalent of /states. Answers while lookups are unavailable, saying why.',
  responses: { 200: jsonResponse('Sources and refresh health', SourcesResult) },
});

function refreshOf(health: DeclarationSourceHealth | undefined) {
  if (!health) return null;
  return {
    status: health.status,
    lastAttempt: health.lastAttempt ?? null,
    lastSuccess: health.lastSuccess ?? null,
    lastOutcome: health.lastOutcome ?? null,
    consecutiveFailures: health.consecutiveFailures,
    errorCount: health.errorCount,
    lastError:
      lastPollError({
        lastOutcome: health.lastOutcome === 'guarded' ? 'guarded' : 'failed',
        lastError: health.lastError,
        lastErrorKind: health.lastErrorKind,
      }) ?? null,
  };
}

function servedOf(served: ServedSource | undefined) {
  if (!served) return null;
  const { source: _source, ...rest } = served;
  return rest;
}

export function registerSources(app: OpenAPIHono<AppEnv>, deps: DeclarationDeps): void {
  app.openapi(sourcesRoute, async (c) => {
    const [current, health]: [
      Awaited<ReturnType<NonNullable<DeclarationDeps['declarations']>['current']>> | undefined,
      DeclarationRefreshHealth | undefined,
    ] = await Promise.all([deps.declarations?.current(), deps.declarationHealth?.read()]);
    const loaded = current && !('unavailable' in current) ? current : undefined;
    const ids = Object.keys(DECLARATION_SOURCES) as DeclarationSourceId[];
    c.header('cache-control', 'no-cache');
    return c.json(
      {
        available: loaded !== undefined,
        unavailableReason: loaded
          ? null
          : current && 'unavailable' in current
            ? current.unavailable
            : 'Declarations are not served by this process.',
        generation: loaded?.generation ?? null,
        boundaryVersion: loaded?.geography.boundaryVersion ?? null,
        refresher: health
          ? {
              status: health.status,
              refreshes: health.refreshes,
              lastRefresh: health.lastRefresh ?? null,
              stuck: health.stuck ?? null,
            }
          : null,
        sources: ids.map((id) => ({
          source: id,
          name: DECLARATION_SOURCES[id].name,
          publisher: DECLARATION_SOURCES[id].publisher,
          url: DECLARATION_SOURCES[id].url,
          licence: DECLARATION_SOURCES[id].licence,
          instrumentType: DECLARATION_SOURCES[id].instrumentType,
          served: servedOf(loaded?.sources.find((source) => source.source === id)),
          refresh: refreshOf(health?.sources.find((source) => source.source === id)),
        })),
      },
      200,
    );
  });
}
