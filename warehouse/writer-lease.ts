import { setTimeout as delay } from 'node:timers/promises';
import { PreconditionFailed, type LakeStorage } from '../lake/storage/lake-storage.js';

/** Where the lease lives, beside the manifest in the lake's home. */
export const WRITER_LEASE_KEY = 'writer-lease.json';

export interface WriterLeaseOptions {
  storage: LakeStorage;
  /** The lease holder's name: the warehouse's lake writer name (lakeWriterId). */
  writerId: string;
  /**
   * A holder that has not renewed for this long (as the waiting writer's own clock measures it) is
   * taken over. Longer than the writer's activity heartbeat time-out, so whatever a lost holder was
   * doing has been given back to Temporal by then.
   */
  ttlMs?: number;
  renewMs?: number;
  checkMs?: number;
  log?: (line: string, level: 'warn' | 'info') => void;
}

interface LeaseBody {
  writer: string;
  renewedAt: string;
  released?: boolean;
}

/** What a writer knows of the lease it does not hold: who holds it, and since when it saw it unchanged. */
interface Seen {
  etag: string;
  holder: LeaseBody;
  unchangedSince: number;
}

export const WRITER_LEASE_TTL_MS = 20_000;

/**
 * One writer publishes a lake at a time (ADR 35): the one holding `writer-lease.json` in the lake's
 * home, renewed every few seconds with a conditional write over its own last ETag. A standby watches
 * it and takes it (a conditional write over the ETag it watched) once it has stayed the same for the
 * TTL by the standby's own clock, so no two clocks need agree. A holder whose renewal is refused has
 * been taken over: it is told (`onLost`) and steps down. A bucket that does not answer is not a
 * refusal: the holder keeps the lease it has (ADR 33) and renews when the bucket is back.
 */
export class WriterLease {
  private etag: string | undefined;
  private renewal: NodeJS.Timeout | undefined;
  private lost = false;
  /**
   * The holder's writes one after another: each is conditional on the ETag the last one returned, so
   * a renewal in flight while the lease is renamed (after a restore) would refuse the other.
   */
  private writes: Promise<unknown> = Promise.resolve();
  private readonly ttlMs: number;
  /** Told once when another writer took the lease: this one must stop publishing and committing. */
  onLost: (holder: string) => void = () => undefined;

  constructor(private readonly options: WriterLeaseOptions) {
    this.ttlMs = options.ttlMs ?? WRITER_LEASE_TTL_MS;
  }

  get held(): boolean {
    return this.etag !== undefined && !this.lost;
  }

  /** Takes the lease if it is free, released, this writer's, or left unrenewed; otherwise says who holds it. */
  async tryAcquire(): Promise<{ acquired: true } | { acquired: false; holder: string; seen: Seen }> {
    const read = await this.options.storage.read(WRITER_LEASE_KEY);
    if (read === undefined || read === 'unchanged') {
      return this.take({ ifNoneMatch: '*' }).then((ok) => (ok ? { acquired: true } : this.tryAcquire()));
    }
    const holder = JSON.parse(read.body.toString('utf8')) as LeaseBody;
    if (holder.writer === this.options.writerId || holder.released) {
      return this.take({ ifMatch: read.etag }).then((ok) => (ok ? { acquired: true } : this.tryAcquire()));
    }
    return {
      acquired: false,
      holder: holder.writer,
      seen: { etag: read.etag, holder, unchangedSince: Date.now() },
    };
  }

  /**
   * Waits as a standby until the holder stops renewing (or releases the lease), then takes it. Resolves
   * once held; rejects only when `signal` is aborted.
   */
  async waitAndTake(first: Seen, signal?: AbortSignal): Promise<void> {
    let seen = first;
    for (;;) {
      await delay(this.options.checkMs ?? 2_000, undefined, { signal });
      const read = await this.options.storage.read(WRITER_LEASE_KEY).catch(() => 'away' as const);
      if (read === 'away') continue;
      if (read === undefined || read === 'unchanged') {
        if (await this.take({ ifNoneMatch: '*' })) return;
        continue;
      }
      const holder = JSON.parse(read.body.toString('utf8')) as LeaseBody;
      if (read.etag !== seen.etag) seen = { etag: read.etag, holder, unchangedSince: Date.now() };
      const quietMs = Date.now() - seen.unchangedSince;
      if (!holder.released && quietMs < this.ttlMs) continue;
      if (await this.take({ ifMatch: read.etag })) {
        this.options.log?.(
          holder.released
            ? `writer ${holder.writer} released the lake: this one takes it over`
            : `writer ${holder.writer} has not renewed its lease for ${Math.round(quietMs / 1000)} s: this one takes the lake over`,
          'warn',
        );
        return;
      }
    }
  }

  /** Renews the lease every few seconds until stopped or lost. */
  keepRenewing(): void {
    clearInterval(this.renewal);
    this.renewal = setInterval(() => void this.inTurn(() => this.renew()), this.options.renewMs ?? 5_000);
    this.renewal.unref();
  }

  /** Holds the lease under another name (a restore names the warehouse anew), renewing at once. */
  async rename(writerId: string): Promise<void> {
    this.options.writerId = writerId;
    await this.inTurn(async () => {
      const etag = this.etag;
      if (etag === undefined || this.lost) return;
      this.etag = await this.options.storage.write(WRITER_LEASE_KEY, this.body(false), { ifMatch: etag });
    });
  }

  /** Runs a write of the lease after those before it have ended. */
  private inTurn<T>(write: () => Promise<T>): Promise<T> {
    const turn = this.writes.then(write, write);
    this.writes = turn.catch(() => undefined);
    return turn;
  }

  /** Lets a standby take over at once (a clean stop); nothing when the lease is not held. */
  async release(): Promise<void> {
    clearInterval(this.renewal);
    await this.inTurn(async () => {
      if (!this.held) return;
      await this.options.storage
        .write(WRITER_LEASE_KEY, this.body(true), { ifMatch: this.etag! })
        .catch(() => undefined);
      this.etag = undefined;
    });
  }

  private async renew(): Promise<void> {
    if (this.lost) return;
    // Started while the bucket was away: the lease is taken when it answers, unless another has it.
    if (this.etag === undefined) return this.acquireLate();
    try {
      this.etag = await this.options.storage.write(WRITER_LEASE_KEY, this.body(false), {
        ifMatch: this.etag,
      });
    } catch (error) {
      if (!(error instanceof PreconditionFailed)) return;
      const read = await this.options.storage.read(WRITER_LEASE_KEY).catch(() => undefined);
      const holder =
        read && read !== 'unchanged' ? (JSON.parse(read.body.toString('utf8')) as LeaseBody) : undefined;
      // A renewal whose answer was lost landed all the same: the lease is still this writer's.
      if (read && read !== 'unchanged' && holder?.writer === this.options.writerId && !holder.released) {
        this.etag = read.etag;
        return;
      }
      this.lose(holder?.writer ?? 'another writer');
    }
  }

  private async acquireLate(): Promise<void> {
    const outcome = await this.tryAcquire().catch(() => undefined);
    if (outcome && !outcome.acquired) this.lose(outcome.holder);
  }

  private lose(holder: string): void {
    this.lost = true;
    clearInterval(this.renewal);
    this.onLost(holder);
  }

  private async take(condition: { ifMatch: string } | { ifNoneMatch: '*' }): Promise<boolean> {
    try {
      this.etag = await this.options.storage.write(WRITER_LEASE_KEY, this.body(false), condition);
      this.lost = false;
      return true;
    } catch (error) {
      if (error instanceof PreconditionFailed) return false;
      throw error;
    }
  }

  private body(released: boolean): Buffer {
    const body: LeaseBody = {
      writer: this.options.writerId,
      renewedAt: new Date().toISOString(),
      ...(released ? { released } : {}),
    };
    return Buffer.from(JSON.stringify(body));
  }
}
