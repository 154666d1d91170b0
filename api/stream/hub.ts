import type { ServingSnapshot, ServingStore } from '../../lake/serving/serving-store.js';
import type { StreamChange } from './change.js';
import { eventChanges } from './event-changes.js';
import {
  floodClassChanges,
  loadGauges,
  NO_GAUGES,
  staleChanges,
  type GaugeSnapshot,
} from './gauge-changes.js';
import { incidentChanges } from './incident-changes.js';
import { later, StreamFanout, writeChanges, type Attached, type StreamConnection } from './fanout.js';
import { readyFrame, resetFrame } from './frames.js';
import { KEEP_ALIVE_MS, RESUME_WINDOW_MS, STALE_MARGIN_MS } from './limits.js';
import { changeId, comparePositions, isAfter, markAt, type ChangePosition } from './position.js';
import { settledVersionsOf } from './settled-versions.js';
import { metrics } from '../../telemetry/metrics.js';

export interface StreamCounts {
  /** Streams open on this process. */
  open: number;
  /** Streams ended because their client stopped taking what was sent, since the process started. */
  dropped: number;
}

interface State {
  snapshot: ServingSnapshot | undefined;
  gauges: GaugeSnapshot;
  /** Every change at or before this position has been handed out (or predates the hub). */
  mark: ChangePosition;
  /** Gauges going stale up to this instant have been handed out. */
  staleUpTo: number;
}

const byPosition = (a: StreamChange, b: StreamChange) => comparePositions(a.position, b.position);

export interface HubOptions {
  now?: () => number;
  onError?: (error: unknown) => void;
  /** Keep-alives and the stale check, KEEP_ALIVE_MS unless a test wants them sooner. */
  tickMs?: number;
  staleMarginMs?: number;
  /** Bytes a stream may have unsent before it is dropped with a `reset` (MAX_UNSENT_BYTES). */
  maxUnsentBytes?: number;
}

export type ResumeOutcome = { kind: 'resumed'; sent: number } | { kind: 'reset'; reason: string };

/**
 * The change stream of one API process: each generation the serving store swaps in is compared with
 * the one before, once, and the changes it first shows are handed to every connection, which only
 * filters them (no lake read per connection). Changes are ordered by positions derived from the lake
 * (position.ts), so a client resumes on any replica. Listeners (webhook matching) get every batch.
 */
export class ChangeHub {
  private state: State;
  private readonly fanout: StreamFanout;
  private dropped = 0;
  private readonly listeners = new Set<(changes: readonly StreamChange[]) => void>();
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => void) | undefined;
  private readonly now: () => number;
  private readonly onError: (error: unknown) => void;
  private readonly staleMarginMs: number;

  private constructor(
    private readonly store: ServingStore,
    options: HubOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
    this.staleMarginMs = options.staleMarginMs ?? STALE_MARGIN_MS;
    this.fanout = new StreamFanout({
      ...(options.maxUnsentBytes === undefined ? {} : { maxUnsentBytes: options.maxUnsentBytes }),
      onDropped: () => {
        this.dropped += 1;
        metrics.streamDrops.inc();
      },
    });
    const staleUpTo = this.now() - this.staleMarginMs;
    this.state = { snapshot: undefined, gauges: NO_GAUGES, mark: markAt(staleUpTo), staleUpTo };
  }

  /** Starts from the store's current generation (its changes are history: resumes read them). */
  static async start(store: ServingStore, options: HubOptions = {}): Promise<ChangeHub> {
    const hub = new ChangeHub(store, options);
    const snapshot = store.snapshot();
    if (snapshot) {
      const publishedAt = Date.parse(snapshot.manifest.publishedAt);
      hub.state = {
        ...hub.state,
        snapshot,
        gauges: await loadGauges(store, snapshot.manifest, NO_GAUGES),
        mark: later(hub.state.mark, markAt(publishedAt)),
      };
    }
    hub.stopListening = store.onGeneration((next) => hub.enqueue(() => hub.advance(next)));
    hub.timer = setInterval(() => hub.tick(), options.tickMs ?? KEEP_ALIVE_MS);
    hub.timer.unref();
    return hub;
  }

  /** The id a new connection starts from: every change so far is behind it. */
  get markId(): string {
    return changeId(this.state.mark);
  }

  get connections(): number {
    return this.fanout.size;
  }

  get counts(): StreamCounts {
    return { open: this.fanout.size, dropped: this.dropped };
  }

  /** Every batch, in order, as the hub hands it out (webhook matching). */
  onBatch(listener: (changes: readonly StreamChange[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch(this.onError);
  }

  /** Waits for the generations and ticks queued so far (tests, benchmarks). */
  async settled(): Promise<void> {
    await this.queue;
  }

  private async advance(snapshot: ServingSnapshot): Promise<void> {
    const previous = this.state;
    const publishedAt = Date.parse(snapshot.manifest.publishedAt);
    const after = previous.snapshot && markAt(Date.parse(previous.snapshot.manifest.publishedAt));
    const gauges = await loadGauges(this.store, snapshot.manifest, previous.gauges);
    const changes = [
      // Gauges the previous generation showed that went stale before this one was published.
      ...staleChanges(previous.gauges, markAt(previous.staleUpTo), publishedAt),
      ...(await incidentChanges(
        snapshot,
        previous.snapshot,
        after,
        settledVersionsOf(this.store, snapshot.manifest),
      )),
      ...eventChanges(snapshot.events, previous.snapshot?.events, after),
      ...floodClassChanges(gauges, previous.gauges, after),
    ].sort(byPosition);
    const last = changes[changes.length - 1];
    this.state = {
      snapshot,
      gauges,
      mark: [markAt(publishedAt), ...(last ? [last.position] : [])].reduce(later, previous.mark),
      staleUpTo: Math.max(previous.staleUpTo, publishedAt),
    };
    await this.broadcast(changes);
  }

  private tick(): void {
    this.enqueue(async () => {
      const upTo = this.now() - this.staleMarginMs;
      const { staleUpTo, gauges } = this.state;
      if (upTo > staleUpTo) {
        const changes = staleChanges(gauges, markAt(staleUpTo), upTo).sort(byPosition);
        this.state = { ...this.state, staleUpTo: upTo, mark: later(this.state.mark, markAt(upTo)) };
        await this.broadcast(changes);
      }
      // In the queue, after any batch still going out: a keep-alive's id must not pass a change
      // the stream has not been written yet.
      await this.fanout.keepAlive(this.state.mark);
    });
  }

  private async broadcast(changes: readonly StreamChange[]): Promise<void> {
    if (changes.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(changes);
      } catch (error) {
        this.onError(error);
      }
    }
    await this.fanout.broadcast(changes);
  }

  /**
   * Attaches a connection. Without `after` it gets changes from now on (after a `ready` naming where
   * it stands); with it, every change after it (read from the lake, within RESUME_WINDOW_MS) and then
   * live ones, or a `reset` when `after` is out of reach.
   */
  async attach(
    connection: StreamConnection,
    after: ChangePosition | undefined | 'unknown',
  ): Promise<ResumeOutcome> {
    const state = this.state;
    const entry: Attached = { connection, floor: state.mark, handed: state.mark, buffered: [] };
    this.fanout.add(entry);
    let outcome: ResumeOutcome = { kind: 'resumed', sent: 0 };
    try {
      if (after === 'unknown' || (after && after.at < this.now() - RESUME_WINDOW_MS)) {
        const reason = after === 'unknown' ? 'unknown-id' : 'too-old';
        connection.write(resetFrame(reason, changeId(state.mark)));
        outcome = { kind: 'reset', reason };
      } else if (after) {
        entry.floor = entry.handed = later(after, state.mark);
        const missed = (await this.missedSince(after, state)).filter((change) => connection.matches(change));
        writeChanges(connection, missed);
        outcome = { kind: 'resumed', sent: missed.length };
      }
      connection.write(readyFrame(changeId(entry.floor), outcome.kind === 'resumed' ? outcome.sent : 0));
    } finally {
      this.fanout.release(entry);
    }
    return outcome;
  }

  /**
   * Hands `listener` every change after `after` (read from the lake when within RESUME_WINDOW_MS; from
   * now otherwise), then each batch as it comes, in order: what a webhook dispatcher follows.
   */
  async follow(
    after: ChangePosition | undefined,
    listener: (changes: readonly StreamChange[]) => void | Promise<void>,
  ): Promise<() => void> {
    const state = this.state;
    let buffered: StreamChange[][] | undefined = [];
    let floor = state.mark;
    const stop = this.onBatch((changes) => {
      const fresh = changes.filter((change) => isAfter(change.position, floor));
      if (fresh.length === 0) return;
      if (buffered) buffered.push(fresh);
      else void listener(fresh);
    });
    try {
      if (after && after.at >= this.now() - RESUME_WINDOW_MS) {
        floor = later(after, state.mark);
        const missed = await this.missedSince(after, state);
        if (missed.length > 0) await listener(missed);
      }
    } finally {
      const pending = buffered;
      buffered = undefined;
      for (const changes of pending) await listener(changes);
    }
    return stop;
  }

  detach(connection: StreamConnection): void {
    this.fanout.remove(connection);
  }

  /** Every change after `after` that `state` shows, from its generation and the lake, in order. */
  async missedSince(after: ChangePosition, state: State = this.state): Promise<StreamChange[]> {
    const { snapshot, gauges } = state;
    const changes = [
      ...staleChanges(gauges, after, state.staleUpTo),
      ...floodClassChanges(gauges, undefined, after),
      ...(snapshot
        ? [
            ...(await incidentChanges(
              snapshot,
              undefined,
              after,
              settledVersionsOf(this.store, snapshot.manifest),
            )),
            ...eventChanges(snapshot.events, undefined, after),
          ]
        : []),
    ];
    return changes.sort(byPosition);
  }

  close(): void {
    clearInterval(this.timer);
    this.stopListening?.();
    this.fanout.closeAll();
    this.listeners.clear();
  }
}
