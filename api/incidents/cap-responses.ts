import type { Context } from 'hono';
import { capAtomFeed } from '../../exports/cap/cap-atom.js';
import { CAP_MEDIA_TYPE, capAlertDocument, capAlertUrl } from '../../exports/cap/cap-document.js';
import { capEntries } from '../../exports/cap/cap-entries.js';
import { capDateTime } from '../../exports/cap/cap-time.js';
import { edxlDistribution } from '../../exports/cap/edxl-de.js';
import type { IncidentRecord } from '../../model/index.js';
import type { AppEnv } from '../env.js';
import type { CapDeps } from './deps.js';
import { echoableQuery, linkWith, selfLink } from '../request-links.js';

export const ATOM_MEDIA_TYPE = 'application/atom+xml';
/** EDXL-DE has no media type of its own. */
export const EDXL_MEDIA_TYPE = 'application/xml';
/** When format=cap-au on the list was deprecated in favour of cap-atom (RFC 9745 structured date). */
export const CAP_AU_LIST_DEPRECATED = '@1795219200';

/** Where clients reach the API: configured, or else the address this request came to. */
function baseUrlOf(c: Context<AppEnv>, deps: CapDeps): string {
  return (deps.publicBaseUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');
}

/** GET /incidents/{id}?format=cap-au: the CAP-AU alert of the incident's latest version. */
export async function respondWithAlert(c: Context<AppEnv>, deps: CapDeps, record: IncidentRecord) {
  const [entry] = capEntries([record], await deps.store.versions());
  const xml = capAlertDocument(entry!.record, entry!.message, deps.cap);
  return c.body(xml, 200, { 'content-type': `${CAP_MEDIA_TYPE}; charset=utf-8` });
}

export interface CapPage {
  records: IncidentRecord[];
  /** Path and query of the next page, when there is one. */
  next?: string | undefined;
}

/** A page of the list as the CAP Atom feed: each entry inlines the latest alert of one incident. */
export async function respondWithAtom(c: Context<AppEnv>, deps: CapDeps, page: CapPage) {
  const base = baseUrlOf(c, deps);
  const unpaged = echoableQuery(c);
  unpaged.delete('cursor');
  unpaged.delete('after');
  unpaged.sort();
  const xml = capAtomFeed(capEntries(page.records, await deps.store.versions()), deps.cap, {
    title: 'Emergency incidents (CAP-AU)',
    feedKey: `/v1/incidents?${unpaged.toString()}`,
    selfUrl: `${base}${selfLink(c)}`,
    nextUrl: page.next ? `${base}${page.next}` : undefined,
    alertUrl: (record) => capAlertUrl(base, record),
    updated: publishedAt(deps),
  });
  return c.body(xml, 200, { 'content-type': `${ATOM_MEDIA_TYPE}; charset=utf-8` });
}

/**
 * A page of the list in the deprecated legacy format: an EDXL-DE distribution of alerts, with the
 * Deprecation header and a successor-version link to the same query as cap-atom.
 */
export async function respondWithEdxl(c: Context<AppEnv>, deps: CapDeps, page: CapPage) {
  const successor = linkWith(c, (query) => query.set('format', 'cap-atom'));
  const links = [`<${successor}>; rel="successor-version"`];
  if (page.next) links.push(`<${page.next}>; rel="next"`);
  const { generation } = deps.store.current;
  const xml = edxlDistribution(capEntries(page.records, await deps.store.versions()), deps.cap, {
    distributionKey: `generation ${generation} ${selfLink(c)}`,
    sent: capDateTime(publishedAt(deps).getTime(), 'UTC'),
  });
  return c.body(xml, 200, {
    'content-type': `${EDXL_MEDIA_TYPE}; charset=utf-8`,
    deprecation: CAP_AU_LIST_DEPRECATED,
    link: links.join(', '),
  });
}

function publishedAt(deps: CapDeps): Date {
  const { publishedAt } = deps.store.current;
  return publishedAt ? new Date(publishedAt) : deps.now();
}
