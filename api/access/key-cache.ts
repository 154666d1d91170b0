import { Unreachable } from '../../telemetry/reachability.js';
import type { KeyLookup, KeyStore, StoredKey } from './types.js';

/**
 * How often the key copy asks the store what changed. A key revoked in the store (the key CLI, another
 * process) is refused within this plus one look-up: within KEY_REVOCATION_BOUND_SECONDS.
 */
export const KEY_REFRESH_MS = 1000;
export const KEY_REVOCATION_BOUND_SECONDS = 2;

/** Ids the store did not know, remembered until the next change (a flood of made-up ids stays in memory). */
const MAX_UNKNOWN_IDS = 10_000;

export interface KeyCacheOptions {
  refreshMs?: number;
  /**
   * Told when a refresh fails for another reason than the store being away (a bug); either way the
   * copy keeps answering from what it last read.
   */
  onError?: (error: unknown) => void;
}

/**
 * The keys in memory: every key read once at start, then what changed, every KEY_REFRESH_MS, so a
 * request never waits on the store. A key created since the last refresh is looked up in the store
 * on its first request (so a new key works at once); an id the store does not know is remembered
 * as unknown until the next change.
 */
export class KeyCache implements KeyLookup {
  private readonly keys = new Map<string, StoredKey>();
  private readonly unknown = new Set<string>();
  private cursor = 0;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private readonly refreshMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly store: KeyStore,
    options: KeyCacheOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? KEY_REFRESH_MS;
    this.onError = options.onError ?? (() => undefined);
  }

  /**
   * Reads every key, then keeps the copy current until `stop`. A store away at start is no reason not
   * to start: the copy is read once the store answers, and until then a key is confirmed by a look-up.
   */
  async start(): Promise<void> {
    await this.refresh().catch((error: unknown) => {
      if (!(error instanceof Unreachable)) throw error;
    });
    const quiet = (error: unknown) => {
      if (!(error instanceof Unreachable)) this.onError(error);
    };
    this.timer = setInterval(() => void this.refresh().catch(quiet), this.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  findById(id: string): Promise<StoredKey | undefined> {
    const key = this.keys.get(id);
    if (key || this.unknown.has(id)) return Promise.resolve(key);
    return this.lookUp(id);
  }

  /** Applies what changed in the store since the last refresh (one at a time). */
  refresh(): Promise<void> {
    this.refreshing ??= this.readChanges().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async readChanges(): Promise<void> {
    const changes = await this.store.keyChanges(this.cursor);
    for (const key of changes.keys) this.keys.set(key.id, key);
    for (const id of changes.gone) this.keys.delete(id);
    if (changes.keys.length > 0) this.unknown.clear();
    this.cursor = changes.cursor;
  }

  private async lookUp(id: string): Promise<StoredKey | undefined> {
    const found = await this.store.findById(id);
    // A refresh that ran meanwhile read the key later than this look-up did: its copy wins.
    const current = this.keys.get(id);
    if (current) return current;
    if (found) this.keys.set(id, found);
    else {
      if (this.unknown.size >= MAX_UNKNOWN_IDS) this.unknown.clear();
      this.unknown.add(id);
    }
    return found;
  }
}
