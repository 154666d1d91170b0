import {
  leaseCap,
  leaseOf,
  nearLimit,
  nextLeaseSize,
  shouldLeaseAhead,
  takeOne,
  unused,
  type LeaseRange,
} from './lease.js';
import { metrics } from '../../telemetry/metrics.js';
import { Unreachable } from '../../telemetry/reachability.js';
import type { QuotaMeter, QuotaResult, QuotaStore } from './types.js';

/**
 * After the store says a key's quota is used up, refusals are answered from memory for this long
 * before the store is asked again (a lease another process gave back becomes usable after it).
 */
export const REFUSAL_MEMORY_MS = 1000;

/**
 * A key near its limit that made no request here for this long gives back what its leases still
 * hold, so another replica's requests can use it (after that replica's refusal memory).
 */
export const IDLE_RETURN_MS = 1000;

/** One key's quota in this process, for one period. */
interface KeyQuota {
  period: string;
  limit: number;
  leases: LeaseRange[];
  lastSize: number | undefined;
  lastLeaseAt: number;
  /** What the key had left in the store at the last grant (near the limit, leases follow demand). */
  left: number;
  /** Requests waiting for a lease: near the limit, the size of the next. */
  waiting: number;
  lastRequestAt: number;
  pending: Promise<void> | undefined;
  refuseUntil: number;
  usedAtRefusal: number;
  /** Replaced by the next period's: a lease it is granted now goes straight back. */
  retired: boolean;
  /** Requests let through while the store was away, not yet counted in it. */
  unconfirmed: number;
}

/**
 * While the store is away: how many requests of a key past its leases this process may let through
 * without the store (never more than the key had left at its last grant), and for how long after the
 * store stopped answering. Past either, the request is refused as unavailable (503).
 */
export interface UnconfirmedGrace {
  requestsPerKey: number;
  forMs: number;
  /** How long the store has been away (0 while it answers). */
  awayForMs: () => number;
}

/** What was let through unconfirmed and has since been counted in the store. */
export interface Reconciled {
  requests: number;
  keys: number;
  /** Requests the store could not count because the key's quota was used up meanwhile. */
  pastQuota: number;
}

export interface QuotaLeaseOptions {
  /** A monotonic clock in ms (lease sizing and refusal memory); performance.now by default. */
  clock?: () => number;
  /** The largest lease for a monthly limit; leaseCap by default. */
  cap?: (limit: number) => number;
  /** Told when a lease taken ahead, or one given back, fails (not when the store is merely away). */
  onError?: (error: unknown) => void;
  /** Requests admitted without the store while it is away; none (503 at once) when absent. */
  grace?: UnconfirmedGrace;
}

/**
 * Counts requests in memory against leases of quota taken from the store (api/access/lease.ts): a
 * request waits on the store only when its key holds no lease (its first request in this process, or
 * a key busier than its leases); a busy key's next lease is taken in the background. Exact at the
 * limit: the store grants no request twice, so processes sharing it never exceed a quota together.
 * A crash loses what its leases had not handed out (at most two leases a key); `close` gives it back.
 */
export class QuotaLeases implements QuotaMeter {
  private readonly quotas = new Map<string, KeyQuota>();
  private readonly clock: () => number;
  private readonly cap: (limit: number) => number;
  private readonly onError: (error: unknown) => void;
  private readonly grace: UnconfirmedGrace | undefined;
  private closed = false;
  private readonly idleTimer: NodeJS.Timeout;
  /** Quotas of an ended period still holding unconfirmed requests. */
  private readonly unsettled: { keyId: string; quota: KeyQuota }[] = [];
  private tally: Reconciled & { keyIds: Set<string> } = {
    requests: 0,
    keys: 0,
    pastQuota: 0,
    keyIds: new Set(),
  };

  constructor(
    private readonly store: QuotaStore,
    options: QuotaLeaseOptions = {},
  ) {
    this.clock = options.clock ?? (() => performance.now());
    this.cap = options.cap ?? leaseCap;
    const onError = options.onError ?? (() => undefined);
    this.onError = (error) => {
      if (!(error instanceof Unreachable)) onError(error);
    };
    this.grace = options.grace;
    this.idleTimer = setInterval(() => this.returnIdle(), IDLE_RETURN_MS);
    this.idleTimer.unref();
  }

  async consume(keyId: string, period: string, limit: number): Promise<QuotaResult> {
    if (this.closed) return this.store.consume(keyId, period, limit);
    const quota = this.quotaOf(keyId, period, limit);
    quota.lastRequestAt = this.clock();
    for (;;) {
      // Closed or replaced while this request waited: count it in the store itself.
      if (quota.retired) return this.store.consume(keyId, period, limit);
      const used = takeOne(quota.leases);
      if (used !== undefined) {
        if (shouldLeaseAhead(quota.leases, quota.lastSize)) this.leaseAhead(keyId, quota);
        return { allowed: true, used };
      }
      if (this.clock() < quota.refuseUntil) return { allowed: false, used: quota.usedAtRefusal };
      quota.waiting += 1;
      try {
        await this.lease(keyId, quota);
      } catch (error) {
        if (!(error instanceof Unreachable)) throw error;
        return this.unconfirmed(quota, error);
      } finally {
        quota.waiting -= 1;
      }
    }
  }

  /**
   * Counts in the store what was let through while it was away (every key), and says how much: run
   * when the store answers again. A key whose count fails stays for its next lease.
   */
  async reconcile(): Promise<Reconciled> {
    const waiting = [
      ...this.unsettled.splice(0),
      ...[...this.quotas].map(([keyId, quota]) => ({ keyId, quota })),
    ];
    for (const { keyId, quota } of waiting) {
      if (quota.unconfirmed === 0) continue;
      await this.settle(keyId, quota).catch((error: unknown) => {
        if (quota.retired) this.unsettled.push({ keyId, quota });
        this.onError(error);
      });
    }
    const { keyIds, ...done } = this.tally;
    this.tally = { requests: 0, keys: 0, pastQuota: 0, keyIds: new Set() };
    return { ...done, keys: keyIds.size };
  }

  /** A request past the key's leases while the store is away: let through within the grace, else 503. */
  private unconfirmed(quota: KeyQuota, away: Unreachable): QuotaResult {
    const grace = this.grace;
    if (!grace || grace.awayForMs() > grace.forMs) throw away;
    if (quota.unconfirmed >= Math.min(grace.requestsPerKey, quota.left)) throw away;
    quota.unconfirmed += 1;
    const known = Number.isFinite(quota.left) ? quota.limit - quota.left : 0;
    return { allowed: true, used: Math.min(quota.limit, known + quota.unconfirmed) };
  }

  /** Counts one key's unconfirmed requests in the store, one lease at a time with its other leases. */
  private settle(keyId: string, quota: KeyQuota): Promise<void> {
    quota.pending ??= this.countUnconfirmed(keyId, quota).finally(() => {
      quota.pending = undefined;
    });
    return quota.pending;
  }

  private async countUnconfirmed(keyId: string, quota: KeyQuota): Promise<void> {
    const count = quota.unconfirmed;
    if (count === 0) return;
    const grant = await this.store.lease(keyId, quota.period, count, quota.limit);
    quota.unconfirmed -= count;
    quota.left = quota.limit - grant.used;
    this.tally.requests += count;
    this.tally.pastQuota += count - grant.granted;
    metrics.unconfirmed.inc(count);
    if (grant.granted < count) metrics.overshoot.inc(count - grant.granted);
    this.tally.keyIds.add(keyId);
    if (grant.granted < count) {
      quota.refuseUntil = this.clock() + REFUSAL_MEMORY_MS;
      quota.usedAtRefusal = grant.used;
    }
  }

  /** Gives back every lease's unused requests; later requests are counted in the store one by one. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.idleTimer);
    const quotas = [...this.quotas];
    this.quotas.clear();
    for (const [keyId, quota] of quotas) {
      await quota.pending?.catch(() => undefined);
      quota.retired = true;
      await this.giveBack(keyId, quota).catch(this.onError);
    }
  }

  private quotaOf(keyId: string, period: string, limit: number): KeyQuota {
    const current = this.quotas.get(keyId);
    if (current?.period === period) return current;
    if (current) {
      // The month turned: what is left of last month's leases goes back to its count.
      current.retired = true;
      void this.giveBack(keyId, current).catch(this.onError);
      if (current.unconfirmed > 0) this.unsettled.push({ keyId, quota: current });
    }
    const quota: KeyQuota = {
      period,
      limit,
      leases: [],
      lastSize: undefined,
      lastLeaseAt: 0,
      left: Infinity,
      waiting: 0,
      lastRequestAt: 0,
      pending: undefined,
      refuseUntil: 0,
      usedAtRefusal: 0,
      retired: false,
      unconfirmed: 0,
    };
    this.quotas.set(keyId, quota);
    return quota;
  }

  /** One lease at a time per key: requests that find none wait for the one being taken. */
  private lease(keyId: string, quota: KeyQuota): Promise<void> {
    quota.pending ??= this.takeLease(keyId, quota).finally(() => {
      quota.pending = undefined;
    });
    return quota.pending;
  }

  private async takeLease(keyId: string, quota: KeyQuota): Promise<void> {
    // What was let through while the store was away is counted first, so the lease sees the real count.
    await this.countUnconfirmed(keyId, quota);
    const now = this.clock();
    const size = nextLeaseSize(
      quota.lastSize,
      now - quota.lastLeaseAt,
      this.cap(quota.limit),
      quota.left,
      quota.waiting,
    );
    const grant = await this.store.lease(keyId, quota.period, size, quota.limit);
    quota.lastSize = size;
    quota.lastLeaseAt = now;
    quota.left = quota.limit - grant.used;
    if (grant.granted > 0) quota.leases.push(leaseOf(grant));
    if (grant.granted < size) {
      // The store is at the limit: once this lease is used up, refuse from memory for a while.
      quota.refuseUntil = this.clock() + REFUSAL_MEMORY_MS;
      quota.usedAtRefusal = grant.used;
    }
    if (quota.retired) await this.giveBack(keyId, quota);
  }

  /** The next lease, taken after the current request is answered, unless the key is at its limit. */
  private leaseAhead(keyId: string, quota: KeyQuota): void {
    if (quota.pending || this.clock() < quota.refuseUntil) return;
    if (nearLimit(quota.left, this.cap(quota.limit))) return;
    setImmediate(() => {
      if (quota.retired || quota.pending || !shouldLeaseAhead(quota.leases, quota.lastSize)) return;
      this.lease(keyId, quota).catch(this.onError);
    });
  }

  /** Keys near their limit that went quiet here give back what they hold, for other replicas. */
  private returnIdle(): void {
    const now = this.clock();
    for (const [keyId, quota] of this.quotas) {
      if (quota.pending || now - quota.lastRequestAt < IDLE_RETURN_MS) continue;
      if (!nearLimit(quota.left, this.cap(quota.limit))) continue;
      const count = unused(quota.leases);
      if (count === 0) continue;
      quota.left += count;
      this.giveBack(keyId, quota).catch(this.onError);
    }
  }

  private async giveBack(keyId: string, quota: KeyQuota): Promise<void> {
    const count = unused(quota.leases);
    quota.leases.length = 0;
    if (count > 0) await this.store.release(keyId, quota.period, count);
  }
}
