import type { IncidentVersion } from '../model/index.js';

/**
 * The `chain` column of a current row (incidents_live, the warehouse's incident_current): every
 * version of the incident so far, oldest first, as JSON `[[version, validFrom ms, retracted,
 * published ms], …]`. The writer extends it at each new version; readers get the versions CAP messages
 * reference from it without reading version history.
 *
 * `published` is the publishedAt (ms) of the lake generation that first showed the version: a commit
 * writes PENDING_PUBLICATION and the publish that writes the live table stamps it (stampChain). Links
 * written before the stamp existed have three elements: shown at some unknown time, long ago.
 */
export type ChainLink =
  | [version: number, validFrom: number, retracted: boolean]
  | [version: number, validFrom: number, retracted: boolean, published: number];

/** The `published` of a link committed but not yet shown by a generation. */
export const PENDING_PUBLICATION = 0;

export function encodeChain(chain: readonly ChainLink[]): string {
  return JSON.stringify(chain);
}

export function decodeChain(text: string): ChainLink[] {
  return JSON.parse(text) as ChainLink[];
}

/** An incident's versions from the chain its current row carries. */
export function versionsOfChain(text: string): IncidentVersion[] {
  return decodeChain(text).map(([version, validFrom, retracted]) => ({ version, validFrom, retracted }));
}

/** A link's publication time: undefined when pending or unknown (a link from before stamps). */
export function publishedOf(link: ChainLink): number | undefined {
  const published = link[3];
  return published === undefined || published === PENDING_PUBLICATION ? undefined : published;
}

/**
 * SQL that stamps the pending links of a `chain` column with a publication time. A pending link is the
 * only place the text `,0]` occurs: the element before it is a boolean, and stamps are never 0.
 */
export function stampChainSql(column: string, publishedMs: number): string {
  if (!Number.isSafeInteger(publishedMs) || publishedMs <= 0) throw new Error(`bad stamp ${publishedMs}`);
  return `replace(${column}, ',${PENDING_PUBLICATION}]', ',${publishedMs}]')`;
}

/** Whether a `chain` column holds a pending link, as SQL. */
export function pendingChainSql(column: string): string {
  return `contains(${column}, ',${PENDING_PUBLICATION}]')`;
}
