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
import { changeId, comparePositions, isAfter, markAt, type ChangePosition } from './position.js';
import { settledVersionsOf } from './settled-versions.js';

/** How far back `Last-Event-ID` may reach: older ids get a `reset` (README: the change stream). */
export const RESUME_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A comment (with the stream's position) on every connection this often, so proxies keep it open. */
export const KEEP_ALIVE_MS = 15_000;
/**
 * Gauges going stale are found on the clock, not in a generation: they are sent once this long has
 * passed, so that a generation published before that instant has been loaded and sent first.
 */
export const STALE_MARGIN_MS = 30_000;
/**
 * Writes a connection may have unsent before it is closed (it resumes from its last id): a batch of
 * changes is one write, so a client that stops reading is dropped after this many generations.
 */
export const MAX_PENDING_WRITES = 1_000;

/** One open stream, as the hub sees it. */
export interface StreamConnection {
  matches(change: StreamChange): boolean;
  /** Writes raw text or encoded frames (comments, events); never throws. */
  write(chunk: string | Uint8Array): void;
  /** Called after each batch with how many changes were written to it. */
  delivered?(count: number): void;
}

interface State {
  snapshot: ServingSnapshot | undefined;
  gauges: GaugeSnapshot;
  /** Every change at or before this position has been handed out (or predates the hub). */
  mark: ChangePosition;
  /** Gauges going stale up to this instant have been handed out. */
  staleUpTo: number;
}

interface Attached {
  connection: StreamConnection;
  /** Changes at or before this position are not sent (the resume, or another replica, sent them). */
  floor: ChangePosition;
  /** Batches that arrived while the resume was being read. */
  buffered: StreamChange[][] | undefined;
}

const byPosition = (a: StreamChange, b: StreamChange) => comparePositions(a.position, b.position);
const later = (a: ChangePosition, b: ChangePosition) => (comparePositions(a, b) >= 0 ? a : b);

export interface HubOptions {
  now?: () => number;
  onError?: (error: unknown) => void;
  /** Keep-alives and the stale check, KEEP_ALIVE_MS unless a test wants them sooner. */
  tickMs?: number;
  staleMarginMs?: number;
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
  private readonly attached = new Set<Attached>();
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
    return this.attached.size;
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
    this.broadcast(changes);
  }

  private tick(): void {
    this.enqueue(() => {
      const upTo = this.now() - this.staleMarginMs;
      const { staleUpTo, gauges } = this.state;
      if (upTo > staleUpTo) {
        const changes = staleChanges(gauges, markAt(staleUpTo), upTo).sort(byPosition);
        this.state = { ...this.state, staleUpTo: upTo, mark: later(this.state.mark, markAt(upTo)) };
        this.broadcast(changes);
      }
      return Promise.resolve();
    });
    // A comment keeps proxies from closing an idle stream; the id moves a filtered client's
    // Last-Event-ID on, so it resumes from here rather than from its last match days ago.
    for (const entry of this.attached) {
      if (entry.buffered) entry.connection.write(': keep-alive\n\n');
      else entry.connection.write(`: keep-alive\nid: ${changeId(later(this.state.mark, entry.floor))}\n\n`);
    }
  }

  private broadcast(changes: readonly StreamChange[]): void {
    if (changes.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(changes);
      } catch (error) {
        this.onError(error);
      }
    }
    for (const entry of this.attached) {
      if (entry.buffered) entry.buffered.push([...changes]);
      else send(entry, changes);
    }
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
    const entry: Attached = { connection, floor: state.mark, buffered: [] };
    this.attached.add(entry);
    let outcome: ResumeOutcome = { kind: 'resumed', sent: 0 };
    try {
      if (after === 'unknown' || (after && after.at < this.now() - RESUME_WINDOW_MS)) {
        const reason = after === 'unknown' ? 'unknown-id' : 'too-old';
        connection.write(resetFrame(reason, changeId(state.mark)));
        outcome = { kind: 'reset', reason };
      } else if (after) {
        entry.floor = later(after, state.mark);
        const missed = (await this.missedSince(after, state)).filter((change) => connection.matches(change));
        writeChanges(connection, missed);
        outcome = { kind: 'resumed', sent: missed.length };
      }
      connection.write(readyFrame(changeId(entry.floor), outcome));
    } finally {
      const buffered = entry.buffered ?? [];
      entry.buffered = undefined;
      for (const changes of buffered) send(entry, changes);
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
    for (const entry of this.attached) if (entry.connection === connection) this.attached.delete(entry);
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
    this.attached.clear();
    this.listeners.clear();
  }
}

/** Frames joined into one chunk: a connection gets one write per batch, not one per change. */
function joined(frames: readonly Uint8Array[]): Uint8Array {
  if (frames.length === 1) return frames[0]!;
  const chunk = new Uint8Array(frames.reduce((sum, frame) => sum + frame.length, 0));
  let offset = 0;
  for (const frame of frames) {
    chunk.set(frame, offset);
    offset += frame.length;
  }
  return chunk;
}

/** Writes changes in chunks of at most this many frames (a resume may be thousands). */
const FRAMES_PER_WRITE = 256;

function writeChanges(connection: StreamConnection, changes: readonly StreamChange[]): void {
  for (let at = 0; at < changes.length; at += FRAMES_PER_WRITE)
    connection.write(joined(changes.slice(at, at + FRAMES_PER_WRITE).map((change) => change.frame)));
  if (changes.length > 0) connection.delivered?.(changes.length);
}

function send(entry: Attached, changes: readonly StreamChange[]): void {
  writeChanges(
    entry.connection,
    changes.filter((change) => isAfter(change.position, entry.floor) && entry.connection.matches(change)),
  );
}

function resetFrame(reason: string, id: string): string {
  const detail =
    reason === 'too-old'
      ? `Last-Event-ID is older than the ${RESUME_WINDOW_MS / 3_600_000} h the stream can resume from: fetch the lists again, then carry on from this event's id.`
      : 'Last-Event-ID is not an id this service issued: fetch the lists again, then carry on from this event.';
  return `event: reset\ndata: ${JSON.stringify({ reason, detail, id })}\nid: ${id}\n\n`;
}

function readyFrame(id: string, outcome: ResumeOutcome): string {
  const body = {
    id,
    resumed: outcome.kind === 'resumed' ? outcome.sent : 0,
    resumeWindowHours: RESUME_WINDOW_MS / 3_600_000,
  };
  return `event: ready\ndata: ${JSON.stringify(body)}\nid: ${id}\n\n`;
}
