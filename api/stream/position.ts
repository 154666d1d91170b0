import { createHash } from 'node:crypto';

/**
 * Where a change stands in the stream, derived from the lake alone so that every API replica gives
 * it the same id: `at`, the publishedAt (ms) of the generation that first showed the change (or, for
 * a gauge going stale, the instant it did), then a tiebreak within that instant: `key`, a hash of
 * what changed (12 hex digits), and `seq`, the incident's version (0 otherwise).
 *
 * An id is `<at>-<key>-<seq>`; a bare `<at>` is a mark standing after every change at `at` (what a
 * stream that has seen a whole generation resumes from).
 */
export interface ChangePosition {
  at: number;
  key: string;
  seq: number;
}

/** Sorts after every 12-hex-digit key: a mark's key. */
const AFTER_EVERY_KEY = '~';

export function markAt(at: number): ChangePosition {
  return { at, key: AFTER_EVERY_KEY, seq: 0 };
}

/** A stable 48-bit hash of what changed, e.g. `incident\0nsw-rfs-123`. */
export function subjectKey(kind: string, subject: string): string {
  return createHash('sha256').update(`${kind}\0${subject}`).digest('hex').slice(0, 12);
}

export function changeId(position: ChangePosition): string {
  return position.key === AFTER_EVERY_KEY
    ? String(position.at)
    : `${position.at}-${position.key}-${position.seq}`;
}

const ID = /^(\d{1,15})(?:-([0-9a-f]{12})-(\d{1,9}))?$/;

/** The position an id names; undefined for anything this service did not issue. */
export function parseChangeId(text: string): ChangePosition | undefined {
  const match = ID.exec(text.trim());
  if (!match) return undefined;
  const at = Number(match[1]);
  if (!Number.isSafeInteger(at)) return undefined;
  return match[2] === undefined ? markAt(at) : { at, key: match[2], seq: Number(match[3]) };
}

export function comparePositions(a: ChangePosition, b: ChangePosition): number {
  if (a.at !== b.at) return a.at - b.at;
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.seq - b.seq;
}

export function isAfter(position: ChangePosition, after: ChangePosition | undefined): boolean {
  return after === undefined || comparePositions(position, after) > 0;
}
