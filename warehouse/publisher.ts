import type { Manifest } from '../lake/manifest.js';
import { publishCapFeed, type CapExportOptions } from './publish-cap.js';
import { metrics, onScrape } from '../telemetry/metrics.js';
import { publishLake } from './incidents-publish.js';
import { finishPublication } from './publication.js';
import { lakeMirrorOf } from './lake-mirror.js';
import type { Warehouse } from './warehouse.js';

/** Polls a generation's line names at most (a backfill commits thousands at once). */
const MAX_NAMED_POLLS = 100;

/** A burst of commits within this span makes one generation (DESIGN: "Coalesce publishing"). */
export const PUBLISH_INTERVAL_MS = 2_000;

export interface PublisherOptions {
  lakeDir: string;
  /** The static CAP feed, refreshed with every generation; none when absent. */
  capFeed?: Omit<CapExportOptions, 'now'> | undefined;
  intervalMs?: number;
  now?: () => Date;
  /** Told when a publish fails; the commits stay queued and the next request publishes them. */
  onError?: (error: unknown) => void;
  /**
   * Told after each generation it publishes, with the polls first published in it (wakes the event
   * clusterer, writes the debug line that ends a poll's trace); `close` waits for it.
   */
  onPublished?: (manifest: Manifest, polls: readonly string[]) => void | Promise<void>;
}

/**
 * Publishes the lake after commits, at most once per interval: the first commit after a quiet spell
 * is published at once, later ones join the next publish. Commits never wait for it.
 */
export class LakePublisher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<Manifest | undefined> | undefined;
  private again = false;
  private lastStarted = 0;
  /** The last `onPublished` under way: publishing never waits for it, closing does. */
  private notified: Promise<void> = Promise.resolve();
  private readonly intervalMs: number;
  /** When the last generation was published (ms), for the age metric; 0 before the first. */
  private published = 0;
  private stopAge: () => void = () => undefined;
  /** Polls committed since the last publish (their ids), named when a generation first shows them. */
  private polls: string[] = [];
  /** Run once a generation published after they were asked for is in the lake's home (bucket). */
  private afterShown: (() => Promise<void>)[] = [];
  private readonly now: () => Date;

  constructor(
    private readonly warehouse: Warehouse,
    private readonly options: PublisherOptions,
  ) {
    this.intervalMs = options.intervalMs ?? PUBLISH_INTERVAL_MS;
    this.now = options.now ?? (() => new Date());
  }

  /** Finishes what a killed publish left, then publishes anything committed but not yet published. */
  async start(): Promise<Manifest | undefined> {
    // How long ago the writer published, read when Prometheus scrapes (until `close`).
    this.stopAge = onScrape(() => {
      if (this.published > 0) metrics.publishedAge.set((Date.now() - this.published) / 1000);
    });
    await this.warehouse.exclusive(() => finishPublication(this.warehouse.db, this.options.lakeDir));
    return this.flush();
  }

  /**
   * Asks for a publish; it happens at once or when the interval since the last one has passed.
   * `pollId`: the poll whose commit asks (a log line names it with the generation that shows it).
   */
  request(pollId?: string): void {
    if (pollId !== undefined && this.polls.length < MAX_NAMED_POLLS) this.polls.push(pollId);
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    const wait = Math.max(0, this.lastStarted + this.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((error: unknown) => this.options.onError?.(error));
    }, wait);
  }

  /** Publishes now (after any publish under way) and resolves with the manifest written. */
  async flush(): Promise<Manifest | undefined> {
    if (this.running) {
      this.again = true;
      await this.running.catch(() => undefined);
      if (this.running !== undefined) return this.running;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastStarted = Date.now();
    this.running = this.warehouse.exclusive(() => this.publish());
    try {
      return await this.running;
    } finally {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.request();
      }
    }
  }

  /**
   * Runs `action` once a generation that shows what was committed before this call is published and
   * in the lake's home: a staged poll is discarded only then, so a writer that takes over from this
   * one before that finds it and commits it again (ADR 35).
   */
  afterPublished(action: () => Promise<void>): void {
    this.afterShown.push(action);
  }

  private async publish(): Promise<Manifest> {
    const now = this.now();
    const polls = this.polls.splice(0);
    const covered = this.afterShown.splice(0);
    try {
      const manifest = await this.publishNamed(now, polls);
      this.runOnceHome(covered);
      return manifest;
    } catch (error) {
      this.polls.unshift(...polls);
      this.afterShown.unshift(...covered);
      throw error;
    }
  }

  /** While the bucket is behind, the actions wait for a publish that reaches it. */
  private runOnceHome(actions: (() => Promise<void>)[]): void {
    if (actions.length === 0) return;
    const mirror = lakeMirrorOf(this.options.lakeDir);
    if (mirror && !mirror.inSync) {
      this.afterShown.unshift(...actions);
      return;
    }
    for (const action of actions) action().catch(() => undefined);
  }

  private async publishNamed(now: Date, polls: readonly string[]): Promise<Manifest> {
    const timer = metrics.publishSeconds.startTimer();
    const { capFeed } = this.options;
    const { manifest } = await publishLake(this.warehouse.db, {
      lakeDir: this.options.lakeDir,
      now,
      ...(capFeed
        ? { derived: () => publishCapFeed(this.warehouse.db, { ...capFeed, now }).then(() => undefined) }
        : {}),
    });
    timer();
    metrics.publishedGeneration.set(manifest.generation);
    this.published = Date.parse(manifest.publishedAt);
    const notify = this.options.onPublished;
    if (notify) this.notified = Promise.resolve(notify(manifest, polls)).catch(() => undefined);
    return manifest;
  }

  /** Stops scheduling and waits for a publish under way. */
  async close(): Promise<void> {
    this.stopAge();
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    await this.notified;
  }
}

/** One publish now, outside any schedule: for tools, tests and benchmarks that commit then read. */
export async function publishNow(
  warehouse: Warehouse,
  lakeDir: string,
  options: Omit<PublisherOptions, 'lakeDir' | 'intervalMs' | 'onError'> = {},
): Promise<Manifest> {
  const manifest = await new LakePublisher(warehouse, { ...options, lakeDir }).flush();
  if (!manifest) throw new Error('nothing was published');
  return manifest;
}
