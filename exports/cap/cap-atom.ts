import { v5 as uuidv5 } from 'uuid';
import { CAP_EVENT_BY_TYPE, type IncidentRecord } from '../../model/index.js';
import { capAlertTree, type CapIssuer, type XmlTree } from './cap-alert.js';
import type { CapMessage } from './cap-messages.js';
import { xmlDocument, xmlFragment } from './xml.js';

export const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';
const GEORSS_NAMESPACE = 'http://www.georss.org/georss';
/** Namespace of the name-based UUIDs that identify feeds and entries (itself a v5 UUID of the URL namespace). */
const ID_NAMESPACE = uuidv5('https://emergency-incidents/cap', uuidv5.URL);

export interface CapEntry {
  record: IncidentRecord;
  message: CapMessage;
}

export interface CapAtomOptions {
  title: string;
  /** Identifies the feed across fetches: the same query without its paging gives the same id. */
  feedKey: string;
  /** Absolute URL of this document. */
  selfUrl: string;
  /** Absolute URL of the next page (RFC 5005 paging), when there is one. */
  nextUrl?: string | undefined;
  /** Absolute URL of an incident's own CAP document. */
  alertUrl(record: IncidentRecord): string;
  updated: Date;
}

/** A name-based URN that stays the same for the same sender and name. */
export function stableUrn(sender: string, name: string): string {
  return `urn:uuid:${uuidv5(`${sender} ${name}`, ID_NAMESPACE)}`;
}

function entryOf({ record, message }: CapEntry, issuer: CapIssuer, options: CapAtomOptions): XmlTree {
  const alert = capAlertTree(record, message, issuer);
  const point =
    record.latitude !== null && record.longitude !== null
      ? { 'georss:point': `${record.latitude} ${record.longitude}` }
      : {};
  return {
    id: stableUrn(issuer.sender, message.identifier),
    title: `${message.msgType === 'Cancel' ? 'Cancelled: ' : ''}${record.title || CAP_EVENT_BY_TYPE[record.event_type].event}`,
    updated: message.sent,
    link: {
      '@_rel': 'alternate',
      '@_type': 'application/cap+xml',
      '@_href': options.alertUrl(record),
    },
    ...point,
    content: { '@_type': 'text/xml', alert },
  };
}

/**
 * A "fat" CAP Atom feed: one entry per incident, inlining the CAP-AU alert of its latest message, with
 * a typed link to the same alert for readers that fetch it instead, and a GeoRSS point for map readers.
 */
export function capAtomFeed(
  entries: readonly CapEntry[],
  issuer: CapIssuer,
  options: CapAtomOptions,
): string {
  const links: XmlTree[] = [{ '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': options.selfUrl }];
  if (options.nextUrl) {
    links.push({ '@_rel': 'next', '@_type': 'application/atom+xml', '@_href': options.nextUrl });
  }
  return xmlDocument('feed', {
    '@_xmlns': ATOM_NAMESPACE,
    '@_xmlns:georss': GEORSS_NAMESPACE,
    id: stableUrn(issuer.sender, options.feedKey),
    title: options.title,
    updated: options.updated.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    author: { name: 'Emergency Incident Data Service', email: issuer.sender },
    link: links,
    entry: entries.map((entry) => entryOf(entry, issuer, options)),
  });
}

/**
 * One entry of the feed as XML text, rendered once per incident version and kept: the static feed is
 * assembled from kept entries instead of rendering every alert again on every publish.
 */
export function renderAtomEntry(entry: CapEntry, issuer: CapIssuer, options: CapAtomOptions): string {
  return xmlFragment('entry', entryOf(entry, issuer, options));
}

/** The feed around entries rendered by {@link renderAtomEntry}, in the order given. */
export function assembleAtomFeed(
  entries: readonly string[],
  issuer: CapIssuer,
  options: CapAtomOptions,
): string {
  const empty = capAtomFeed([], issuer, options);
  const close = empty.lastIndexOf('</feed>');
  return `${empty.slice(0, close)}${entries.join('')}${empty.slice(close)}`;
}
