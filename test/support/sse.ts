/** One dispatched Server-Sent Event. */
export interface SseEvent {
  event: string;
  data: string;
  id: string | undefined;
}

/**
 * A Server-Sent Events client over Node's fetch, parsing as the HTML spec's EventSource does: `id`
 * sets the last event id even on a frame without data (which dispatches nothing), comments are kept
 * apart. Tests read events in order with `next`.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  lastEventId: string | undefined;
  private read = 0;
  private waiters: (() => void)[] = [];
  private ended = false;
  /** While set, nothing more is read from the socket: the server's writes back up, as for a slow client. */
  private paused: Promise<void> | undefined;
  private unpause: () => void = () => undefined;

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    const client = new SseClient(response, controller);
    if (response.ok && response.body) void client.pump(response.body);
    return client;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    let frame: { event: string; data: string[]; id: string | undefined } = {
      event: '',
      data: [],
      id: undefined,
    };
    try {
      for await (const chunk of body) {
        if (this.paused) await this.paused;
        buffer += decoder.decode(chunk, { stream: true });
        let newline: number;
        while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
          if (line === '') {
            if (frame.id !== undefined) this.lastEventId = frame.id;
            if (frame.data.length > 0) {
              this.events.push({
                event: frame.event || 'message',
                data: frame.data.join('\n'),
                id: frame.id,
              });
            }
            frame = { event: '', data: [], id: undefined };
            this.wake();
            continue;
          }
          if (line.startsWith(':')) {
            this.comments.push(line.slice(1).trim());
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') frame.event = value;
          else if (field === 'data') frame.data.push(value);
          else if (field === 'id') frame.id = value;
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** The next event not read yet that satisfies `accept` (skipping those before it). */
  async next(accept: (event: SseEvent) => boolean = () => true, timeoutMs = 15_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.read < this.events.length) {
        const event = this.events[this.read++]!;
        if (accept(event)) return event;
      }
      if (this.ended) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The events of the given types not read yet, waiting until `count` have come. */
  async take(count: number, accept: (event: SseEvent) => boolean = () => true): Promise<SseEvent[]> {
    const taken: SseEvent[] = [];
    while (taken.length < count) taken.push(await this.next(accept));
    return taken;
  }

  /** Stops reading the answer (after the chunk in hand): the client of a slow network, or a stalled one. */
  pause(): void {
    this.paused ??= new Promise<void>((resolve) => (this.unpause = resolve));
  }

  resume(): void {
    this.paused = undefined;
    this.unpause();
  }

  /** Whether the server ended the answer (or it was closed). */
  get done(): boolean {
    return this.ended;
  }

  /** Events received but not read yet. */
  unread(): SseEvent[] {
    return this.events.slice(this.read);
  }

  close(): void {
    this.controller.abort();
  }
}
