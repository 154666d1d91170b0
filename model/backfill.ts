/** Progress and result of a re-parse backfill (workflows/reparse-backfill.ts). */

export interface ReparseCounts {
  /** Polls whose bodies were read again (polls that opened versions). */
  polls: number;
  /** Polls whose body is no longer kept under raw/: their versions stay as they were. */
  bodiesMissing: number;
  /** Bodies today's parser refuses: their versions stay as they were. */
  bodiesUnreadable: number;
  versions: number;
  changed: number;
  unchanged: number;
  /** Versions today's parser no longer reads from their body (kept: a re-parse never retracts). */
  unmatched: number;
  liveChanged: number;
  /** Lake generations the backfill published. */
  generations: number;
}

export const NO_REPARSE_COUNTS: ReparseCounts = {
  polls: 0,
  bodiesMissing: 0,
  bodiesUnreadable: 0,
  versions: 0,
  changed: 0,
  unchanged: 0,
  unmatched: 0,
  liveChanged: 0,
  generations: 0,
};

export function addReparseCounts(a: ReparseCounts, b: Partial<ReparseCounts>): ReparseCounts {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof ReparseCounts)[]) sum[key] += b[key] ?? 0;
  return sum;
}

export const REPARSE_PHASES = ['planning', 'reparsing', 'done', 'failed', 'cancelled'] as const;
export type ReparsePhase = (typeof REPARSE_PHASES)[number];

export interface ReparseProgress {
  backfillId: string;
  feedKey: string;
  /** The window's days, `YYYY-MM-DD`, both inclusive (UTC days, as raw/<feed>/<day>/ names them). */
  from: string;
  to: string;
  phase: ReparsePhase;
  startedAt: string;
  /** Polls in the window that opened versions: the bodies to read. */
  totalPolls: number;
  /** Whether the window holds the feed's latest poll: only then may live incidents change. */
  reachesLatest: boolean;
  counts: ReparseCounts;
  error?: string;
}
