import { createHash } from 'node:crypto';
import type { ChainLink } from '../lake/chain.js';
import type { IncidentRecord } from '../model/index.js';

/** A row of incident_current as the planner sees it. */
export interface CurrentRow {
  record: IncidentRecord;
  contentHash: string;
  version: number;
  firstSeenAt: string;
  /** When this version started (ISO instant). */
  validFrom: string;
  /** Every version so far, this one last. */
  chain: ChainLink[];
}

/** A new version to write to incident_current; `previous` is the version it closes. */
export interface PlannedRow {
  record: IncidentRecord;
  contentHash: string;
  version: number;
  firstSeenAt: string;
  previous?: CurrentRow | undefined;
}

export const RETRACTION_REASON = 'No longer published by the upstream feed';

/**
 * The mass-retraction guard (docs/adr/0004-retraction-guard.md): a good poll that would retract more
 * than half of a feed that had at least MIN_ACTIVE_FOR_GUARD active incidents is suspicious. It keeps
 * everything, and only a repeat of the same drop on consecutive polls is believed.
 */
export const MIN_ACTIVE_FOR_GUARD = 10;
export const MAX_RETRACTED_SHARE = 0.5;

export interface CommitPlan {
  upserts: PlannedRow[];
  retractions: PlannedRow[];
  /** Omitted here but still listed by another feed's last good poll: that feed takes the row over. */
  handovers: { id: string; toFeed: string }[];
  /** Ids whose content did not change: only fetched_at / last_seen_at move. */
  unchangedIds: string[];
  inserted: number;
  changed: number;
  previousActive: number;
  /** Set when the guard held back the poll: then the plan changes nothing at all. */
  guard: string | null;
  /** Names the drop the guard saw (the ids it would retract), so only the same drop repeated is believed. */
  dropFingerprint: string | null;
}

/** When we fetched an incident and the service's own lifecycle fields: not part of what it says. */
export const NOT_CONTENT = ['fetched_at', 'retracted', 'retracted_at', 'retraction_reason'] as const;

/**
 * Hash of what an incident says: the JSON of the record without NOT_CONTENT, in column order (a restore
 * computes the same in SQL: warehouse/restore/incidents.ts).
 */
export function contentHash(record: IncidentRecord): string {
  const content: Partial<IncidentRecord> = { ...record };
  for (const field of NOT_CONTENT) delete content[field];
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

export interface PlanInput {
  existing: CurrentRow[];
  incoming: IncidentRecord[];
  /** The instant of the poll, ISO with offset: fetched_at of incoming rows and retractedAt of omitted ones. */
  polledAt: string;
  /**
   * The drop to believe: the fingerprint the guard reported on the previous consecutive polls. A mass
   * drop with any other fingerprint is held back again.
   */
  believeDrop?: string | null;
  /** Whether the mass-drop guard applies (default true). */
  guarded?: boolean;
  /** Ids that other feeds' last good polls list, with the feed listing them. */
  listedElsewhere?: ReadonlyMap<string, string>;
}

export function planCommit({
  existing,
  incoming,
  polledAt,
  believeDrop = null,
  guarded = true,
  listedElsewhere = new Map(),
}: PlanInput): CommitPlan {
  const current = new Map(existing.map((row) => [row.record.id, row]));
  const incomingById = new Map(incoming.map((record) => [record.id, record]));
  const { upserts, unchangedIds, inserted, changed } = planUpserts(incomingById, current, polledAt);
  const { active, handovers, omitted } = planOmissions(existing, incomingById, listedElsewhere);
  const massDrop =
    guarded && active.length >= MIN_ACTIVE_FOR_GUARD && omitted.length > active.length * MAX_RETRACTED_SHARE;
  const dropFingerprint = massDrop ? fingerprintOf(omitted.map((row) => row.record.id)) : null;
  if (massDrop && dropFingerprint !== believeDrop) {
    // Held back whole: committing its new ids would inflate the feed's active count and let the
    // next identical poll fall under the threshold (ADR 4).
    return {
      upserts: [],
      retractions: [],
      handovers: [],
      unchangedIds: [],
      inserted: 0,
      changed: 0,
      previousActive: active.length,
      guard: `mass-drop: poll omits ${omitted.length} of ${active.length} active incidents`,
      dropFingerprint,
    };
  }

  return {
    upserts,
    retractions: planRetractions(omitted, polledAt),
    handovers,
    unchangedIds,
    inserted,
    changed,
    previousActive: active.length,
    guard: null,
    dropFingerprint,
  };
}

/** A new version for each incoming record whose content differs (or that was retracted or is new). */
function planUpserts(
  incomingById: ReadonlyMap<string, IncidentRecord>,
  current: ReadonlyMap<string, CurrentRow>,
  polledAt: string,
): Pick<CommitPlan, 'upserts' | 'unchangedIds' | 'inserted' | 'changed'> {
  const upserts: PlannedRow[] = [];
  const unchangedIds: string[] = [];
  let inserted = 0;
  let changed = 0;
  for (const record of incomingById.values()) {
    const hash = contentHash(record);
    const before = current.get(record.id);
    if (before && before.contentHash === hash && !before.record.retracted) {
      unchangedIds.push(record.id);
      continue;
    }
    if (before) changed++;
    else inserted++;
    upserts.push({
      record,
      contentHash: hash,
      version: (before?.version ?? 0) + 1,
      firstSeenAt: before?.firstSeenAt ?? polledAt,
      previous: before,
    });
  }
  return { upserts, unchangedIds, inserted, changed };
}

/**
 * The active rows this poll does not list: handed over to a feed that still lists them, otherwise
 * omitted (to be retracted unless the guard holds the poll back).
 */
function planOmissions(
  existing: readonly CurrentRow[],
  incomingById: ReadonlyMap<string, IncidentRecord>,
  listedElsewhere: ReadonlyMap<string, string>,
): { active: CurrentRow[]; handovers: CommitPlan['handovers']; omitted: CurrentRow[] } {
  const active = existing.filter((row) => !row.record.retracted);
  const notListedHere = active.filter((row) => !incomingById.has(row.record.id));
  const handovers = notListedHere.flatMap((row) => {
    const toFeed = listedElsewhere.get(row.record.id);
    return toFeed ? [{ id: row.record.id, toFeed }] : [];
  });
  const omitted = notListedHere.filter((row) => !listedElsewhere.has(row.record.id));
  return { active, handovers, omitted };
}

/** Each omitted row's retraction: a new version, same content, retracted at the poll. */
function planRetractions(omitted: readonly CurrentRow[], polledAt: string): PlannedRow[] {
  return omitted.map((row) => ({
    record: {
      ...row.record,
      retracted: true,
      retracted_at: polledAt,
      retraction_reason: RETRACTION_REASON,
    },
    contentHash: row.contentHash,
    version: row.version + 1,
    firstSeenAt: row.firstSeenAt,
    previous: row,
  }));
}

function fingerprintOf(ids: string[]): string {
  return createHash('sha256')
    .update([...ids].sort().join('\n'))
    .digest('hex')
    .slice(0, 32);
}
