import { describe, expect, it } from 'vitest';
import {
  LEASE_TARGET_MS,
  leaseCap,
  leaseOf,
  MAX_LEASE,
  NEAR_LIMIT_LEASES,
  nearLimit,
  nextLeaseSize,
  shouldLeaseAhead,
  takeOne,
  unused,
  type LeaseRange,
} from '../../../api/access/lease.js';
import { TIER_MONTHLY_QUOTA, TIERS } from '../../../config/index.js';

describe('lease arithmetic', () => {
  it('caps a lease at a thousandth of the monthly quota, at least 1 and at most MAX_LEASE', () => {
    expect(leaseCap(0)).toBe(1);
    expect(leaseCap(250)).toBe(1);
    expect(leaseCap(10_000)).toBe(10);
    expect(leaseCap(100_000)).toBe(100);
    expect(leaseCap(50_000_000)).toBe(MAX_LEASE);
    // Two leases, what a crash can lose, are never more than 0.2 % of any plan's month.
    for (const tier of TIERS) {
      const quota = TIER_MONTHLY_QUOTA[tier];
      expect(2 * leaseCap(quota), tier).toBeLessThanOrEqual(Math.max(2, quota * 0.002));
    }
  });

  it('starts a key at 1, doubles while leases last less than the target, halves when they last longer', () => {
    const cap = 64;
    expect(nextLeaseSize(undefined, 0, cap)).toBe(1);
    const sizes: number[] = [];
    let size: number | undefined;
    for (let i = 0; i < 9; i++) sizes.push((size = nextLeaseSize(size, LEASE_TARGET_MS / 10, cap)));
    expect(sizes).toEqual([1, 2, 4, 8, 16, 32, 64, 64, 64]);
    expect(nextLeaseSize(64, LEASE_TARGET_MS, cap)).toBe(32);
    expect(nextLeaseSize(1, 60_000, cap)).toBe(1);
    expect(nextLeaseSize(3, 0, 4)).toBe(4);
  });

  it('near the limit leases what the waiting requests need, no more', () => {
    const cap = 100;
    expect(nearLimit(NEAR_LIMIT_LEASES * cap, cap)).toBe(false);
    expect(nearLimit(NEAR_LIMIT_LEASES * cap - 1, cap)).toBe(true);
    // Far from it: the usual doubling.
    expect(nextLeaseSize(64, 0, cap, 10_000, 3)).toBe(100);
    // Near it: the requests waiting, between 1 and the cap, whatever the last lease was.
    expect(nextLeaseSize(64, 0, cap, 1_000, 3)).toBe(3);
    expect(nextLeaseSize(64, 0, cap, 1_000, 0)).toBe(1);
    expect(nextLeaseSize(undefined, 0, cap, 1_000, 500)).toBe(cap);
  });

  it('hands out every request of a grant once, in order, then the next lease', () => {
    const leases: LeaseRange[] = [leaseOf({ granted: 3, used: 10 }), leaseOf({ granted: 2, used: 15 })];
    expect(leases[0]).toEqual({ next: 7, end: 10 });
    expect(unused(leases)).toBe(5);
    const handed = Array.from({ length: 6 }, () => takeOne(leases));
    expect(handed).toEqual([8, 9, 10, 14, 15, undefined]);
    expect(leases).toEqual([]);
    expect(unused(leases)).toBe(0);
  });

  it('a grant of nothing is an empty lease', () => {
    const leases = [leaseOf({ granted: 0, used: 250 })];
    expect(unused(leases)).toBe(0);
    expect(takeOne(leases)).toBeUndefined();
  });

  it('takes the next lease ahead once half of a lease larger than 1 is left, holding at most two', () => {
    const one = [{ next: 0, end: 1 }];
    expect(shouldLeaseAhead(one, undefined)).toBe(false);
    expect(shouldLeaseAhead(one, 1)).toBe(false);
    expect(shouldLeaseAhead([{ next: 10, end: 16 }], 16)).toBe(true);
    expect(shouldLeaseAhead([{ next: 0, end: 16 }], 16)).toBe(false);
    expect(shouldLeaseAhead([{ next: 8, end: 16 }], 16)).toBe(true);
    expect(
      shouldLeaseAhead(
        [
          { next: 10, end: 16 },
          { next: 16, end: 48 },
        ],
        32,
      ),
    ).toBe(false);
  });
});
