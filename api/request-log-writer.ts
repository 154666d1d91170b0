import pino from 'pino';
import type { RequestLogSink } from './request-log.js';

/** Where log lines go: anything with pino's destination interface. */
export interface LineDestination {
  write(text: string): unknown;
}

/** Lines wait at most this long before they are written (or until a chunk is full). */
export const FLUSH_MS = 100;
/** The bytes gathered before a write. */
const CHUNK_BYTES = 16 * 1024;

/**
 * Lines copied as UTF-8 into 16 KB chunks off the JavaScript heap; full chunks are written between
 * requests (setImmediate), and what is gathered every FLUSH_MS: a request costs a copy of its line and
 * never a system call, the line itself is garbage at once (lines kept as strings until a write outlived
 * the young generation and made the collector's work grow), and a busy second takes a few hundred
 * writes. The writes are pino's destination (sonic-boom, which retries a pipe that is full) in its
 * synchronous mode: with write(2) handed to the thread pool instead, a chunk in flight when the process
 * exits was lost. So what is gathered when the process exits is written then, process.exit included;
 * `flushStdout` writes it before a graceful stop.
 */
class BatchedStdout implements LineDestination {
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private readonly full: Buffer[] = [];
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private readonly sonic = pino.destination({ dest: 1, sync: true, contentMode: 'buffer' });

  constructor() {
    process.on('exit', () => this.drain());
  }

  write(text: string): boolean {
    // UTF-8 takes at most 3 bytes for each UTF-16 unit: a line that may not fit starts the next chunk.
    const most = text.length * 3;
    if (this.used + most > CHUNK_BYTES) this.seal();
    if (most > CHUNK_BYTES) {
      this.full.push(Buffer.from(text));
      this.immediate ??= setImmediate(() => this.drain());
      return true;
    }
    this.used += this.chunk.write(text, this.used);
    if (!this.timer) {
      this.timer = setTimeout(() => this.drain(), FLUSH_MS);
      this.timer.unref();
    }
    return true;
  }

  /** Resolves once everything written so far has reached standard output. */
  flush(): Promise<void> {
    this.drain();
    return Promise.resolve();
  }

  /** The current chunk joins the full ones, written between requests. */
  private seal(): void {
    if (this.used === 0) return;
    this.full.push(this.chunk.subarray(0, this.used));
    this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
    this.immediate ??= setImmediate(() => this.drain());
  }

  private drain(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    clearImmediate(this.immediate);
    this.immediate = undefined;
    this.seal();
    clearImmediate(this.immediate);
    this.immediate = undefined;
    // With contentMode 'buffer' sonic-boom writes Buffers (its types know only strings).
    for (const bytes of this.full) this.sonic.write(bytes as unknown as string);
    this.full.length = 0;
  }
}

let stdout: BatchedStdout | undefined;

/** The process's standard output for log lines; one per process, so its lines keep their order. */
export function stdoutDestination(): LineDestination {
  stdout ??= new BatchedStdout();
  return stdout;
}

/** Writes what is gathered; resolves once it is written (a graceful stop). */
export function flushStdout(): Promise<void> {
  return stdout?.flush() ?? Promise.resolve();
}

export interface RequestLogWriterOptions {
  /** `text`: the readable line, prefixed `[process]`; `json`: one JSON object a line (LOG_FORMAT). */
  format: 'text' | 'json';
  /** The process name both formats carry (`api`). */
  process: string;
  /** Where lines go: standard output by default (tests give their own). */
  destination?: LineDestination;
}

/** pino's isoTime, formatted once per millisecond: formatting a date was half a JSON line's cost. */
function isoTimeOncePerMs(): () => string {
  let ms = -1;
  let field = '';
  return () => {
    const now = Date.now();
    if (now !== ms) {
      ms = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}

/**
 * The request log's sink. JSON lines come from a pino logger (`time`, `level`, `process`, the
 * request's fields and `msg`, as the service's other JSON lines); text lines are the line itself,
 * written to the same destination without a JSON step in between.
 */
export function requestLogWriter(options: RequestLogWriterOptions): RequestLogSink {
  const destination = options.destination ?? stdoutDestination();
  if (options.format === 'text') {
    const prefix = `[${options.process}] `;
    return (line) => destination.write(`${prefix}${line}\n`);
  }
  const logger = pino(
    {
      base: { process: options.process },
      timestamp: isoTimeOncePerMs(),
      messageKey: 'msg',
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return (line, fields) => logger.info(fields, line);
}
