import type { Context } from 'hono';
import { toCsv } from '../../exports/csv.js';
import type { IncidentRecord } from '../../model/index.js';
import { IncidentCollectionSchema } from './schemas.js';
import type { AppEnv } from '../env.js';
import { featureJson } from './feature-json.js';
import { linkWith, selfLink } from '../request-links.js';
import { notModifiedResponse, problemResponses } from '../validation.js';

export const GEOJSON = 'application/geo+json';

/** The media types a collection route documents for its 200. */
export const collectionContent = {
  [GEOJSON]: { schema: IncidentCollectionSchema },
  'application/json': { schema: IncidentCollectionSchema },
  'text/csv': { schema: { type: 'string' as const } },
};

/**
 * The answers of a collection route: its 200 in each of its media types, the 304 of a conditional
 * request, and the problems it can answer.
 */
export function collectionResponses<const S extends number>(description: string, ...problemStatuses: S[]) {
  return {
    200: { description, content: collectionContent },
    ...notModifiedResponse,
    ...problemResponses(...problemStatuses),
  };
}

export interface Page {
  records: IncidentRecord[];
  total: number;
  nextCursor?: string | undefined;
  /** For results without a cursor (nearby): whether more matched than were returned. */
  hasMore?: boolean;
}

export interface CollectionOptions {
  format: string;
  source: 'live' | 'archive';
  generatedAt: Date;
  /** The parameter links.next carries the cursor in: `after` (default), or `cursor` where `after` means something else. */
  cursorParameter?: 'after' | 'cursor';
  /** Each record's feature as JSON text: its own feature by default (featureJson), or with more in it. */
  featureJson?: (record: IncidentRecord) => string;
}

/** Path and query of the next page: this request's query with the cursor in `parameter`. */
export function nextLink(
  c: Context<AppEnv>,
  nextCursor: string | undefined,
  parameter: 'after' | 'cursor',
): string | undefined {
  if (!nextCursor) return undefined;
  return linkWith(c, (next) => {
    next.delete('cursor');
    next.set(parameter, nextCursor);
  });
}

function links(c: Context<AppEnv>, nextCursor: string | undefined, parameter: 'after' | 'cursor') {
  const next = nextLink(c, nextCursor, parameter);
  return next ? { self: selfLink(c), next } : { self: selfLink(c) };
}

/**
 * One page of incidents in the asked-for format: a GeoJSON FeatureCollection (default); `json`, the
 * same collection as plain application/json; `csv`, the spec's columns with paging in Link headers.
 */
export function respondWithPage(c: Context<AppEnv>, page: Page, options: CollectionOptions): Response {
  const pageLinks = links(c, page.nextCursor, options.cursorParameter ?? 'after');
  if (options.format === 'csv') {
    const headers: Record<string, string> = {
      'content-type': 'text/csv; charset=utf-8',
      'x-total-count': String(page.total),
    };
    if (pageLinks.next) headers.link = `<${pageLinks.next}>; rel="next"`;
    return c.body(toCsv(page.records), 200, headers);
  }
  const meta = {
    total_count: page.total,
    has_more: page.hasMore ?? page.nextCursor !== undefined,
    ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    generatedAt: options.generatedAt.toISOString(),
    source: options.source,
  };
  // The text JSON.stringify would make of { type, features, meta, links, attribution }, with each
  // feature's text made once per record.
  const features = page.records.map(options.featureJson ?? featureJson).join(',');
  const body = `{"type":"FeatureCollection","features":[${features}],"meta":${JSON.stringify(meta)},"links":${JSON.stringify(pageLinks)},"attribution":"/v1/attribution"}`;
  return c.body(body, 200, { 'Content-Type': options.format === 'json' ? 'application/json' : GEOJSON });
}
