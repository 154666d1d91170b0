import {
  SHORT_WINDOWS,
  TIER_RATE_LIMITS,
  type ShortWindowLimits,
  type ShortWindowName,
  type Tier,
} from '../../config/index.js';
import { leaseOf, takeOne, type LeaseRange } from './lease.js';
import { Unreachable } from '../../telemetry/reachability.js';
import type { WindowStore } from './types.js';

/** What one short window says about a request. */
export interface WindowCount {
  name: ShortWindowName;
  seconds: number;
  limit: number;
  /** The request's place in the window's count when allowed; the count when refused. */
  used: number;
  /** Whole seconds until the window ends (at least 1). */
  reset: number;
}

export interface WindowsResult {
  allowed: boolean;
  windows: WindowCount[];
  /** The window that refused the request (the one that ends last, when both did). */
  refusedBy?: WindowCount;
}

/** What the access gate checks the short windows with. */
export interface ShortWindowMeter {
  readonly limits: Readonly<Record<Tier, ShortWindowLimits>>;
  take(subject: string, tier: Tier, nowMs: number): Promise<WindowsResult>;
}

/**
 * A lease of a window takes at most this share of what the window had left at its last grant, so
 * replicas near a window's limit hold little that another replica could have used.
 */
const WINDOW_SHARE_OF_LEFT = 4;
/** How often counters of ended windows are dropped, in memory and in the store. */
const SWEEP_MS = 60_000;

/** One subject's count of one window in this process. */
interface WindowState {
  index: number;
  leases: LeaseRange[];
  /** Requests this process let through in the window. */
  handed: number;
  /** Requests it let through in the window before (how much to lease at once). */
  before: number;
  lastLease: number;
  left: number;
  refusedAt: number | undefined;
  pending: Promise<void> | undefined;
}

export interface ShortWindowOptions {
  limits?: Readonly<Record<Tier, ShortWindowLimits>>;
  /** Told when forgetting ended windows fails for another reason than the store being away. */
  onError?: (error: unknown) => void;
}

/**
 * Per-second and per-minute limits shared by every process on one store: fixed clock windows whose
 * counts the store keeps, leased in blocks as the monthly quota is (api/access/quota-leases.ts). The
 * store never grants a window more than its limit, so processes together never let more through;
 * a process asks the store when its lease of the window is used up: once per window for a subject as
 * busy as in the window before, at most about once a second for one busier than its leases.
 */
export class ShortWindows implements ShortWindowMeter {
  private readonly subjects = new Map<string, WindowState[]>();
  readonly limits: Readonly<Record<Tier, ShortWindowLimits>>;
  private readonly onError: (error: unknown) => void;
  private lastSweep = 0;

  constructor(
    private readonly store: WindowStore,
    options: ShortWindowOptions = {},
  ) {
    this.limits = options.limits ?? TIER_RATE_LIMITS;
    this.onError = options.onError ?? (() => undefined);
  }

  async take(subject: string, tier: Tier, nowMs: number): Promise<WindowsResult> {
    this.sweep(nowMs);
    const states = this.statesOf(subject, nowMs);
    const answers = await Promise.all(
      SHORT_WINDOWS.map((window, i) =>
        this.takeIn(subject, window, window.limitOf(this.limits[tier]), states[i]!, nowMs),
      ),
    );
    const windows = answers.map((answer) => answer.count);
    const refused = answers.filter((answer) => !answer.allowed).map((answer) => answer.count);
    if (refused.length === 0) return { allowed: true, windows };
    // A request one window refuses is not counted in the others: their places go back to their leases.
    answers.forEach((answer, i) => {
      if (answer.allowed && answer.taken) putBack(states[i]!, answer.count.used);
    });
    return { allowed: false, windows, refusedBy: refused.sort((a, b) => b.reset - a.reset)[0]! };
  }

  private statesOf(subject: string, nowMs: number): WindowState[] {
    let states = this.subjects.get(subject);
    if (!states) {
      states = SHORT_WINDOWS.map((window) => fresh(indexOf(window.seconds, nowMs), 0, Infinity));
      this.subjects.set(subject, states);
      return states;
    }
    SHORT_WINDOWS.forEach((window, i) => {
      const index = indexOf(window.seconds, nowMs);
      const state = states[i]!;
      // A new window: a new count, leased at first as much as the window before used here.
      if (index > state.index) {
        states[i] = fresh(index, index === state.index + 1 ? state.handed : 0, Infinity);
      }
    });
    return states;
  }

  private async takeIn(
    subject: string,
    window: (typeof SHORT_WINDOWS)[number],
    limit: number,
    state: WindowState,
    nowMs: number,
  ): Promise<{ count: WindowCount; allowed: boolean; taken: boolean }> {
    const reset = Math.max(1, Math.ceil(((state.index + 1) * window.seconds * 1000 - nowMs) / 1000));
    const count = (used: number): WindowCount => ({
      name: window.name,
      seconds: window.seconds,
      limit,
      used,
      reset,
    });
    for (;;) {
      const used = takeOne(state.leases);
      if (used !== undefined) {
        state.handed += 1;
        return { count: count(used), allowed: true, taken: true };
      }
      if (state.refusedAt !== undefined) {
        return { count: count(state.refusedAt), allowed: false, taken: false };
      }
      try {
        await this.lease(subject, window, limit, state);
      } catch (error) {
        if (!(error instanceof Unreachable)) throw error;
        countAlone(state, limit);
      }
    }
  }

  /** One lease at a time per subject and window: requests that find none wait for it. */
  private lease(
    subject: string,
    window: (typeof SHORT_WINDOWS)[number],
    limit: number,
    state: WindowState,
  ): Promise<void> {
    state.pending ??= (async () => {
      const left = Math.min(limit, state.left);
      const want = Math.max(
        1,
        Math.min(Math.ceil(left / WINDOW_SHARE_OF_LEFT), Math.max(state.before, 2 * state.lastLease)),
      );
      const grant = await this.store.leaseWindow({
        subject,
        window: `${window.name}:${state.index}`,
        endsAt: (state.index + 1) * window.seconds * 1000,
        want,
        limit,
      });
      state.lastLease = want;
      state.left = limit - grant.used;
      if (grant.granted > 0) state.leases.push(leaseOf(grant));
      if (grant.granted < want) state.refusedAt = grant.used;
    })().finally(() => {
      state.pending = undefined;
    });
    return state.pending;
  }

  /** Drops what ended windows left, here and in the store, once a minute. */
  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = nowMs;
    const ended = (state: WindowState, i: number) =>
      (state.index + 1) * SHORT_WINDOWS[i]!.seconds * 1000 < nowMs - SWEEP_MS;
    for (const [subject, states] of this.subjects) {
      if (states.every(ended)) this.subjects.delete(subject);
    }
    this.store.forgetWindows(nowMs - 2 * SWEEP_MS).catch((error: unknown) => {
      if (!(error instanceof Unreachable)) this.onError(error);
    });
  }
}

/**
 * The store is away: this process counts the rest of the window by itself, up to the window's whole
 * limit, so N replicas let through at most N times a window's limit while it lasts.
 */
function countAlone(state: WindowState, limit: number): void {
  const end = Math.max(state.handed, limit);
  state.leases.push({ next: state.handed, end });
  state.refusedAt = end;
}

/** Hands a place taken for a request that was refused back to the window's leases, first in line. */
function putBack(state: WindowState, used: number): void {
  state.leases.unshift({ next: used - 1, end: used });
  state.handed -= 1;
}

function indexOf(seconds: number, nowMs: number): number {
  return Math.floor(nowMs / (seconds * 1000));
}

function fresh(index: number, before: number, left: number): WindowState {
  return {
    index,
    leases: [],
    handed: 0,
    before,
    lastLease: 0,
    left,
    refusedAt: undefined,
    pending: undefined,
  };
}
