import type { ServerResponse } from 'node:http';
import type { StreamChange } from './change.js';
import type { StreamConnection } from './fanout.js';
import { CLOSE_GRACE_MS } from './limits.js';

/**
 * One open stream written straight to Node's response: each write is one chunk of the answer, often
 * bytes shared with every stream of the same filters. It holds what a stream needs and no more: its
 * response, its filters' key and matcher, and its meter.
 */
export class SseSocket implements StreamConnection {
  private ended = false;

  constructor(
    private readonly outgoing: ServerResponse,
    readonly filterKey: string,
    readonly matches: (change: StreamChange) => boolean,
    private readonly meter?: (count: number) => void,
  ) {
    outgoing.once('close', () => (this.ended = true));
  }

  /** Closed by either side. */
  get closed(): boolean {
    return this.ended || this.outgoing.destroyed;
  }

  write(chunk: Uint8Array): void {
    if (!this.closed) this.outgoing.write(chunk);
  }

  delivered(count: number): void {
    this.meter?.(count);
  }

  get unsentBytes(): number {
    return this.outgoing.writableLength;
  }

  /** Ends the answer after what was written; a client that does not take it is cut off after a grace. */
  close(): void {
    if (this.closed) return;
    this.ended = true;
    this.outgoing.end();
    setTimeout(() => this.outgoing.destroy(), CLOSE_GRACE_MS).unref();
  }
}
