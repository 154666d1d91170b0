import { publishedOf, type ChainLink } from '../../lake/chain.js';
import type { ServingSnapshot } from '../../lake/serving/serving-store.js';
import { toFeature } from '../../exports/geojson.js';
import type { IncidentRecord } from '../../model/index.js';
import { makeChange, type StreamChange, type StreamChangeType } from './change.js';
import { incidentFacets } from './facets.js';
import { isAfter, subjectKey, type ChangePosition } from './position.js';

/** A version whose record is wanted: the id, version and what prunes the lake's files to find it. */
export interface WantedVersion {
  id: string;
  version: number;
  state: string;
  validFrom: number;
}

/** Reads settled versions from the lake, keyed by `versionKey` (those it cannot find are left out). */
export type SettledVersions = (wanted: readonly WantedVersion[]) => Promise<Map<string, IncidentRecord>>;

export const versionKey = (id: string, version: number) => `${id}#${version}`;

interface Found {
  id: string;
  links: readonly ChainLink[];
  index: number;
  position: ChangePosition;
}

/** Where a version's record is in memory: the current row of this generation or of the one before. */
function inMemory(
  snapshots: readonly (Pick<ServingSnapshot, 'live' | 'chains'> | undefined)[],
  id: string,
  version: number,
): IncidentRecord | undefined {
  for (const snapshot of snapshots) {
    const links = snapshot?.chains.get(id);
    if (links?.[links.length - 1]?.[0] === version) return snapshot?.live.get(id);
  }
  return undefined;
}

function typeOf(links: readonly ChainLink[], index: number): StreamChangeType {
  if (links[index]?.[2]) return 'incident.retracted';
  return index === 0 ? 'incident.created' : 'incident.updated';
}

/**
 * Every incident version the snapshot's chains show as first published after `after`, oldest first
 * per incident: one change each, with the record of that version (and of the one before it, so a
 * filter matches an incident leaving its area too). Records come from this generation's live set,
 * then `previous`'s, then the lake's settled versions (one read for all).
 */
export async function incidentChanges(
  snapshot: ServingSnapshot,
  previous: Pick<ServingSnapshot, 'live' | 'chains'> | undefined,
  after: ChangePosition | undefined,
  settled: SettledVersions,
): Promise<StreamChange[]> {
  const found: Found[] = [];
  for (const [id, links] of snapshot.chains) {
    const key = subjectKey('incident', id);
    // Later versions are published later: walk back from the newest until one is not new.
    for (let index = links.length - 1; index >= 0; index -= 1) {
      const link = links[index]!;
      const at = publishedOf(link);
      if (at === undefined) break;
      const position = { at, key, seq: link[0] };
      if (!isAfter(position, after)) break;
      found.push({ id, links, index, position });
    }
  }
  if (found.length === 0) return [];

  const records = new Map<string, IncidentRecord>();
  const missing = new Map<string, WantedVersion>();
  const want = (id: string, link: ChainLink | undefined) => {
    if (!link) return;
    const key = versionKey(id, link[0]);
    if (records.has(key) || missing.has(key)) return;
    const record = inMemory([snapshot, previous], id, link[0]);
    if (record) records.set(key, record);
    else {
      const state = snapshot.live.get(id)?.state ?? '';
      missing.set(key, { id, version: link[0], state, validFrom: link[1] });
    }
  };
  for (const { id, links, index } of found) {
    want(id, links[index]);
    want(id, links[index - 1]);
  }
  if (missing.size > 0)
    for (const [key, record] of await settled([...missing.values()])) records.set(key, record);

  const changes: StreamChange[] = [];
  for (const { id, links, index, position } of found) {
    const version = links[index]![0];
    const record = records.get(versionKey(id, version));
    if (!record) continue;
    const before = index > 0 ? records.get(versionKey(id, links[index - 1]![0])) : undefined;
    const facets = before ? [incidentFacets(record), incidentFacets(before)] : [incidentFacets(record)];
    changes.push(makeChange(position, typeOf(links, index), id, facets, toFeature(record), version));
  }
  return changes;
}
