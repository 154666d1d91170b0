import { metrics } from './metrics.js';

/**
 * A shared piece of the service (the key store, the bucket, Temporal) as one process sees it: every
 * call has a time limit, a failure that is the piece's (not a bug, not a refusal that proves it
 * answers) marks it down, and while it is down calls fail at once except one probe at a time, so
 * requests never queue behind a piece that does not answer. The caller is told once when it goes
 * and once when it is back: one line out, one line back.
 */

/** A call to a shared piece that did not get an answer: the piece is away (not a bug). */
export class Unreachable extends Error {
  override readonly name = 'Unreachable';
  constructor(
    /** The piece, as people call it: "the key store". */
    readonly piece: string,
    /** Why, in a few words: "connection refused", "no answer within 2000 ms". */
    readonly reason: string,
    /** When a client may try again. */
    readonly retryAfterSeconds: number,
    options?: ErrorOptions,
  ) {
    super(`${piece} does not answer (${reason})`, options);
  }
}

export interface ReachabilityOptions {
  /** A call with no answer in this long is abandoned (its signal aborted) and counts as an outage. */
  timeoutMs: number;
  /** While the piece is down, one call in this long goes through as a probe; the others fail at once. */
  probeMs?: number;
  /**
   * Whether a failure is the piece's being away (all but bugs when absent); other failures (bugs,
   * refusals that prove it answers) pass through as they are.
   */
  isOutage?: (error: unknown) => boolean;
  /**
   * The line out is written only once the piece has been away this long (a blip that ends sooner is
   * said nowhere): pieces read in the background under load time out now and then.
   */
  reportAfterMs?: number;
  /** Told once when the piece goes away, with why. */
  onDown?: (reason: string) => void;
  /** Told once when it answers again, with how long it was away (only after an `onDown`). */
  onBack?: (awayMs: number) => void;
  /** The piece's name in metrics (`key_store`, `bucket`, `temporal`): calls, their time, up or away. */
  metricsName?: string;
  now?: () => number;
}

export type CallOutcome = 'ok' | 'error' | 'unreachable' | 'skipped';

/** Node's and the drivers' ways of saying a connection failed, turned into a few words. */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'name lookup failed',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
};

/** Errors that mean the code is wrong, never that a piece is away. */
function isBugError(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    error instanceof ReferenceError ||
    error instanceof SyntaxError ||
    error instanceof RangeError
  );
}

/** Whatever the piece threw, in a few words. */
export function reasonOf(error: unknown): string {
  if (error instanceof Unreachable) return error.reason;
  // The HTTP clients' own time-outs (the AWS SDK's idle socket, undici's) say it at length.
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'timed out';
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && NETWORK_CODES[code]) return NETWORK_CODES[code];
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (cause !== undefined && cause !== error && !(error instanceof Error && error.message !== '')) {
    return reasonOf(cause);
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 200) || (error instanceof Error ? error.name : 'failed');
}

export class Reachability {
  private awaySince: number | undefined;
  private reported = false;
  private lastReason: string | undefined;
  private probing = false;
  private reportTimer: NodeJS.Timeout | undefined;
  private readonly waiting: (() => void)[] = [];
  private nextProbeAt = 0;
  private readonly now: () => number;
  private readonly probeMs: number;
  private readonly record: (outcome: CallOutcome, seconds: number) => void;

  constructor(
    readonly piece: string,
    private readonly options: ReachabilityOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.probeMs = options.probeMs ?? 1_000;
    this.record = options.metricsName ? callRecorder(options.metricsName) : () => undefined;
  }

  /** Whether the last call found the piece away. */
  get down(): boolean {
    return this.awaySince !== undefined;
  }

  /** Since when (ms since the epoch) it has been away; undefined while it answers. */
  get downSince(): number | undefined {
    return this.awaySince;
  }

  /** Whether the line out was written (away for at least `reportAfterMs`), and not yet the line back. */
  get announced(): boolean {
    return this.reported;
  }

  /** How long it has been away, in ms (0 while it answers). */
  get awayForMs(): number {
    return this.awaySince === undefined ? 0 : this.now() - this.awaySince;
  }

  /** Why it is away, while it is. */
  get reason(): string | undefined {
    return this.down ? this.lastReason : undefined;
  }

  /** Seconds a client should wait before trying again while the piece is away. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.options.timeoutMs + this.probeMs) / 1000));
  }

  /**
   * Runs one call with the time limit (`timeoutMs` for this call: Infinity for a transfer bounded by its
   * own idle time-out). While the piece is away and this is not the probe's turn, fails at once with
   * `Unreachable`; an outage failure becomes `Unreachable`; anything else is rethrown.
   */
  async call<T>(fn: (signal: AbortSignal) => Promise<T>, timeoutMs = this.options.timeoutMs): Promise<T> {
    const probe = this.down;
    if (probe) {
      if (this.probing || this.now() < this.nextProbeAt) {
        this.record('skipped', 0);
        this.sayIfLong();
        throw this.unreachable(this.lastReason ?? 'away');
      }
      this.probing = true;
      this.nextProbeAt = this.now() + this.probeMs;
    }
    const started = performance.now();
    const calledAt = this.now();
    const took = () => (performance.now() - started) / 1000;
    try {
      const value = await this.limited(fn, timeoutMs);
      this.record('ok', took());
      this.answered();
      return value;
    } catch (error) {
      const outage =
        error instanceof Unreachable || (!isBugError(error) && (this.options.isOutage?.(error) ?? true));
      this.record(outage ? 'unreachable' : 'error', took());
      if (!outage) {
        // A refusal is an answer: the piece is there.
        if (!isBugError(error)) this.answered();
        throw error;
      }
      const reason = reasonOf(error);
      // Away since this call was made: a call that hung for its whole limit found it away from the start.
      this.failed(reason, calledAt);
      throw error instanceof Unreachable ? error : this.unreachable(reason, error);
    } finally {
      if (probe) this.probing = false;
    }
  }

  /** Records a call made outside `call` (a background read with its own limit) that failed for the piece. */
  failed(reason: string, since = this.now()): void {
    this.lastReason = reason;
    if (this.awaySince === undefined) {
      this.awaySince = since;
      this.nextProbeAt = this.now() + this.probeMs;
      // Said when it has been away long enough, whether or not a call fails then (a probe may be hanging).
      const wait = (this.options.reportAfterMs ?? 0) - (this.now() - since);
      if (wait > 0) {
        this.reportTimer = setTimeout(() => this.sayIfLong(), wait);
        this.reportTimer.unref();
      }
    }
    this.sayIfLong();
  }

  /** The line out, once the piece has been away for `reportAfterMs`. */
  private sayIfLong(): void {
    if (this.reported || this.awaySince === undefined) return;
    if (this.now() - this.awaySince < (this.options.reportAfterMs ?? 0)) return;
    this.reported = true;
    this.options.onDown?.(this.lastReason ?? 'away');
  }

  /** Resolves the next time the piece answers after being away (at once while it answers). */
  whenBack(): Promise<void> {
    if (this.awaySince === undefined) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Records an answer from the piece (a call made outside `call` that worked). */
  answered(): void {
    if (this.awaySince === undefined) return;
    for (const resolve of this.waiting.splice(0)) resolve();
    const away = this.now() - this.awaySince;
    const wasReported = this.reported;
    clearTimeout(this.reportTimer);
    this.awaySince = undefined;
    this.reported = false;
    this.lastReason = undefined;
    if (wasReported) this.options.onBack?.(away);
  }

  private unreachable(reason: string, cause?: unknown): Unreachable {
    return new Unreachable(this.piece, reason, this.retryAfterSeconds, cause ? { cause } : undefined);
  }

  private limited<T>(fn: (signal: AbortSignal) => Promise<T>, limitMs: number): Promise<T> {
    const controller = new AbortController();
    if (!Number.isFinite(limitMs)) return fn(controller.signal);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = this.unreachable(`no answer within ${limitMs} ms`);
        controller.abort(error);
        reject(error);
      }, limitMs);
      fn(controller.signal).then(
        (value) => (clearTimeout(timer), resolve(value)),
        (error: unknown) => (clearTimeout(timer), reject(error as Error)),
      );
    });
  }
}

/** Node's own network failures (refused, reset, not found …), whoever raised them. */
export function isNetworkFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in NETWORK_CODES) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Counts a piece's calls by outcome and times those that reached it; the labelled children made once. */
function callRecorder(piece: string): (outcome: CallOutcome, seconds: number) => void {
  metrics.pieceUp.set({ piece }, 1);
  const timer = metrics.pieceSeconds.labels(piece);
  const counters = new Map<CallOutcome, ReturnType<typeof metrics.pieceCalls.labels>>();
  return (outcome, seconds) => {
    let counter = counters.get(outcome);
    if (!counter) counters.set(outcome, (counter = metrics.pieceCalls.labels(piece, outcome)));
    counter.inc();
    if (outcome !== 'skipped') timer.observe(seconds);
  };
}
