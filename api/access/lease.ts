/**
 * The arithmetic of quota leases, pure. An API process takes blocks of a key's monthly quota from the
 * store (which counts them at once) and counts them down in memory; what it holds is never more
 * than two leases, which bounds what a crash can lose.
 */

/** A lease: the requests (next, end] of the period's count, `next` the last one handed out. */
export interface LeaseRange {
  next: number;
  end: number;
}

/** The largest lease for any plan: a key at 1,000 requests a second goes to the store once a second. */
export const MAX_LEASE = 1000;

/** A lease grows while the key uses up a lease within this time, and shrinks when it does not. */
export const LEASE_TARGET_MS = 1000;

/**
 * The largest lease of a plan: a thousandth of its monthly quota (so a crash, which can lose two
 * leases, never costs a key more than 0.2 % of its month), at least 1, at most MAX_LEASE.
 */
export function leaseCap(limit: number): number {
  return Math.min(MAX_LEASE, Math.max(1, Math.floor(limit / 1000)));
}

/**
 * A key is near its limit when the store had less than this many of its largest leases left at the
 * last grant. Near the limit a process takes no lease ahead and leases exactly what its waiting
 * requests need, so it holds nothing another replica could have served: replicas sharing a store
 * are exact at the limit together.
 */
export const NEAR_LIMIT_LEASES = 16;

export function nearLimit(left: number, cap: number): boolean {
  return left < NEAR_LIMIT_LEASES * cap;
}

/**
 * The size of a key's next lease: double the last when the last lease was taken less than
 * LEASE_TARGET_MS ago (the key is busy), half of it otherwise; between 1 and `cap`. A key's first lease
 * is 1, so a key that makes one request holds nothing it did not use. Near the limit (`left` at the
 * last grant), the requests `waiting` for it (at least 1).
 */
export function nextLeaseSize(
  last: number | undefined,
  msSinceLastLease: number,
  cap: number,
  left = Infinity,
  waiting = 1,
): number {
  if (nearLimit(left, cap)) return Math.min(cap, Math.max(1, waiting));
  if (last === undefined) return 1;
  const size = msSinceLastLease < LEASE_TARGET_MS ? last * 2 : Math.floor(last / 2);
  return Math.min(cap, Math.max(1, size));
}

/** The lease a grant stands for. */
export function leaseOf(grant: { granted: number; used: number }): LeaseRange {
  return { next: grant.used - grant.granted, end: grant.used };
}

/** Requests of the leases not yet handed out. */
export function unused(leases: readonly LeaseRange[]): number {
  return leases.reduce((sum, lease) => sum + lease.end - lease.next, 0);
}

/**
 * Hands out the next request of the first lease that has one, dropping used-up leases: its place in
 * the period's count (this request included), or undefined when the leases are used up.
 */
export function takeOne(leases: LeaseRange[]): number | undefined {
  while (leases.length > 0) {
    const lease = leases[0]!;
    if (lease.next < lease.end) {
      lease.next += 1;
      return lease.next;
    }
    leases.shift();
  }
  return undefined;
}

/**
 * Whether to take the next lease now, in the background, so no request waits for it: the key is
 * busy enough to have a lease larger than 1, only one lease is held, and half of it or less is left.
 */
export function shouldLeaseAhead(leases: readonly LeaseRange[], lastSize: number | undefined): boolean {
  return lastSize !== undefined && lastSize > 1 && leases.length <= 1 && unused(leases) * 2 <= lastSize;
}
