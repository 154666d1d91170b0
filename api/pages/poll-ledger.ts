import type { PollOutcome } from '../../model/index.js';

/** What the ledger reads of a poller's health: its poll count, and how its last poll went. */
export interface PollSample {
  polls?: number;
  lastPolled?: string;
  lastOutcome?: PollOutcome;
  consecutiveFailures?: number;
}

/** One hour of a poller's polls as this process saw them. */
export interface StripCell {
  /** Start of the hour (ISO). */
  from: string;
  good: number;
  failed: number;
  /** Held back by the retraction guard (ADR 4). */
  guarded: number;
  /** Polls counted between two readings whose outcomes were not seen one by one. */
  unseen: number;
  /** Whether this process was reading health during the hour (false: before it started). */
  observed: boolean;
}

const HOUR_MS = 60 * 60 * 1000;
export const STRIP_HOURS = 24;

interface Tally {
  good: number;
  failed: number;
  guarded: number;
  unseen: number;
}

/**
 * The last 24 hours of each poller's polls, one cell per hour, kept in memory from the health the API
 * already reads every 2 s (the pollers' memos): each rise of a poller's poll count is a poll, with the
 * outcome its memo names. Nothing more is asked of Temporal; hours before this process started are
 * shown as not observed (ADR 27).
 */
export class PollLedger {
  private readonly seen = new Map<string, number>();
  private readonly hours = new Map<string, Map<number, Tally>>();

  constructor(private readonly startedAt: Date) {}

  /** Records what changed since the last sample of `key`. */
  observe(key: string, sample: PollSample | undefined, now: Date): void {
    const polls = sample?.polls;
    if (polls === undefined || sample?.lastPolled === undefined) return;
    const before = this.seen.get(key);
    this.seen.set(key, polls);
    // First sight: only the poll the memo describes, when it fell within this process's life.
    const fresh = before === undefined || polls < before ? Math.min(polls, 1) : polls - before;
    if (fresh === 0) return;
    const at = Date.parse(sample.lastPolled);
    if (before === undefined && at < this.startedAt.getTime()) return;
    const tally = this.tally(key, Number.isFinite(at) ? at : now.getTime());
    const outcome = sample.lastOutcome;
    if (outcome === 'failed') tally.failed++;
    else if (outcome === 'guarded') tally.guarded++;
    else tally.good++;
    const earlier = fresh - 1;
    if (earlier > 0 && outcome === 'failed') {
      // Failures in a row cover the earlier polls as far as the count goes.
      const failedToo = Math.min(earlier, Math.max(0, (sample.consecutiveFailures ?? 1) - 1));
      tally.failed += failedToo;
      tally.unseen += earlier - failedToo;
    } else {
      tally.unseen += earlier;
    }
    this.prune(key, now);
  }

  /** The 24 hourly cells ending with the current hour, oldest first. */
  strip(key: string, now: Date): StripCell[] {
    const byHour = this.hours.get(key);
    const current = Math.floor(now.getTime() / HOUR_MS);
    const started = Math.floor(this.startedAt.getTime() / HOUR_MS);
    const cells: StripCell[] = [];
    for (let hour = current - STRIP_HOURS + 1; hour <= current; hour++) {
      const tally = byHour?.get(hour) ?? { good: 0, failed: 0, guarded: 0, unseen: 0 };
      cells.push({ from: new Date(hour * HOUR_MS).toISOString(), ...tally, observed: hour >= started });
    }
    return cells;
  }

  private tally(key: string, at: number): Tally {
    let byHour = this.hours.get(key);
    if (!byHour) this.hours.set(key, (byHour = new Map<number, Tally>()));
    const hour = Math.floor(at / HOUR_MS);
    let tally = byHour.get(hour);
    if (!tally) byHour.set(hour, (tally = { good: 0, failed: 0, guarded: 0, unseen: 0 }));
    return tally;
  }

  private prune(key: string, now: Date): void {
    const oldest = Math.floor(now.getTime() / HOUR_MS) - STRIP_HOURS;
    const byHour = this.hours.get(key);
    for (const hour of byHour?.keys() ?? []) if (hour <= oldest) byHour?.delete(hour);
  }
}
