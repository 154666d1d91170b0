import type { WebhookDelivery } from '../../model/index.js';
import { SubscriptionIndex } from '../../subscriptions/matching.js';
import type { Subscription, SubscriptionStore } from '../../subscriptions/types.js';
import type { StreamChange } from '../stream/change.js';
import type { ChangeHub } from '../stream/hub.js';
import { comparePositions, parseChangeId } from '../stream/position.js';

/** Hands a change to a subscription's delivery workflow (Temporal's signal-with-start). */
export type HandOn = (subscription: Subscription, delivery: WebhookDelivery) => Promise<void>;

export interface DispatcherOptions {
  store: SubscriptionStore;
  hub: ChangeHub;
  handOn: HandOn;
  /** How often the store is asked whether subscriptions changed (another process made one). */
  refreshMs?: number;
  /** First wait before trying a batch again after a failure (store or Temporal away); doubles to 30 s. */
  retryMs?: number;
  onError?: (error: unknown) => void;
}

const REFRESH_MS = 2_000;

/**
 * Matches every change the hub hands out against the active subscriptions (an index rebuilt when the
 * store's revision moves) and hands each match to that subscription's delivery workflow. Every API
 * process runs one; the workflow drops the repeats. It resumes after a restart from the last change
 * handed on (kept in the store), within the stream's window, so a change published while no API
 * process ran is still delivered.
 */
export class WebhookDispatcher {
  private index = new SubscriptionIndex([]);
  private revision = -1;
  private timer: NodeJS.Timeout | undefined;
  private stopFollowing: (() => void) | undefined;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** Matching figures, for the benchmark: changes matched, time spent, matches found. */
  readonly stats = { changes: 0, matchMs: 0, matches: 0 };

  private constructor(private readonly options: DispatcherOptions) {}

  static async start(options: DispatcherOptions): Promise<WebhookDispatcher> {
    const dispatcher = new WebhookDispatcher(options);
    await dispatcher.refresh();
    dispatcher.timer = setInterval(() => {
      dispatcher.refresh().catch(options.onError ?? (() => undefined));
    }, options.refreshMs ?? REFRESH_MS);
    dispatcher.timer.unref();
    const upTo = await options.store.dispatchedUpTo();
    dispatcher.stopFollowing = await options.hub.follow(
      upTo === undefined ? undefined : parseChangeId(upTo),
      (changes) => dispatcher.enqueue(changes),
    );
    return dispatcher;
  }

  /** Rebuilds the index when subscriptions changed (here: call after a create or delete). */
  async refresh(force = false): Promise<void> {
    const revision = await this.options.store.revision();
    if (!force && revision === this.revision) return;
    this.revision = revision;
    this.index = new SubscriptionIndex(await this.options.store.active());
  }

  /** Waits for the batches queued so far (tests). */
  async settled(): Promise<void> {
    await this.queue;
  }

  private enqueue(changes: readonly StreamChange[]): Promise<void> {
    // A batch is never skipped: while the store or Temporal is away it is tried again (every write
    // in it is safe to repeat: a queued delivery is kept once, and the workflow drops repeats).
    this.queue = this.queue.then(() => this.patiently(() => this.dispatch(changes)));
    return this.queue;
  }

  /** Runs `work` until it succeeds or the dispatcher closes, waiting longer after each failure (to 30 s). */
  private async patiently(work: () => Promise<void>): Promise<void> {
    let wait = this.options.retryMs ?? 1_000;
    while (!this.closed) {
      try {
        await work();
        return;
      } catch (error) {
        this.options.onError?.(error);
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, 30_000);
      }
    }
  }

  /** The subscriptions a change matches, timed. */
  matches(change: StreamChange): Subscription[] {
    const started = performance.now();
    const found = this.index.match(change);
    this.stats.changes++;
    this.stats.matchMs += performance.now() - started;
    this.stats.matches += found.length;
    return found;
  }

  private async dispatch(changes: readonly StreamChange[]): Promise<void> {
    await this.refresh();
    const at = new Date().toISOString();
    for (const change of changes) {
      for (const subscription of this.matches(change)) {
        const delivery = { id: change.id, type: change.type, subject: change.subject, body: change.body };
        await this.options.store.queued(
          subscription.id,
          { changeId: change.id, type: change.type, subject: change.subject },
          at,
        );
        // Temporal may be restarting: this match waits, not the ones before it.
        await this.patiently(() => this.options.handOn(subscription, delivery));
      }
    }
    const last = changes[changes.length - 1];
    if (last) await this.remember(last);
  }

  private async remember(change: StreamChange): Promise<void> {
    const stored = await this.options.store.dispatchedUpTo();
    const position = stored === undefined ? undefined : parseChangeId(stored);
    if (!position || comparePositions(change.position, position) > 0)
      await this.options.store.setDispatchedUpTo(change.id);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.stopFollowing?.();
  }
}
