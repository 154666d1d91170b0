import type { StreamChange } from './change.js';
import { joinedFrames, keepAliveFrame, resetFrame } from './frames.js';
import { MAX_UNSENT_BYTES } from './limits.js';
import { changeId, comparePositions, isAfter, type ChangePosition } from './position.js';

/** One open stream, as the hub sees it. */
export interface StreamConnection {
  /** Streams with the same key have the same filters: a batch is matched and encoded once for them all. */
  readonly filterKey: string;
  readonly matches: (change: StreamChange) => boolean;
  /** Writes encoded frames; never throws (a closed stream ignores them). */
  write(chunk: Uint8Array): void;
  /** Called after each write of changes with how many it held (metering). */
  delivered?(count: number): void;
  /** Bytes written that the client has not taken yet. */
  readonly unsentBytes: number;
  /** Ends the stream once what was written is sent. */
  close(): void;
}

export interface Attached {
  readonly connection: StreamConnection;
  /** Changes at or before this position are not sent (the resume, or another replica, sent them). */
  floor: ChangePosition;
  /** Everything up to here has been written to the connection: where it resumes if it is dropped. */
  handed: ChangePosition;
  /** Batches that arrived while the resume was being read. */
  buffered: StreamChange[][] | undefined;
}

interface Group {
  readonly matches: (change: StreamChange) => boolean;
  readonly entries: Set<Attached>;
}

export const later = (a: ChangePosition, b: ChangePosition) => (comparePositions(a, b) >= 0 ? a : b);

/** Streams written between two turns of the event loop (a few milliseconds of writes). */
const STREAMS_PER_SLICE = 250;

/** Lets the event loop answer what waits (requests, timers) before the next slice. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Writes changes in chunks of at most this many frames (a resume may be thousands). */
const FRAMES_PER_WRITE = 256;

/** Writes `changes` to one connection, in chunks. */
export function writeChanges(connection: StreamConnection, changes: readonly StreamChange[]): void {
  for (let at = 0; at < changes.length; at += FRAMES_PER_WRITE)
    connection.write(joinedFrames(changes.slice(at, at + FRAMES_PER_WRITE).map((change) => change.frame)));
  if (changes.length > 0) connection.delivered?.(changes.length);
}

/**
 * The open streams of a process, grouped by their filters, and the writing of each batch to them.
 * A batch costs one match and one encoding per distinct filter set, then one write of those shared
 * bytes per stream: proportional to the change and the filter sets, not to the clients. A stream
 * whose client stopped taking what it is sent is ended with a `reset` naming where it stands.
 */
export class StreamFanout {
  private readonly groups = new Map<string, Group>();
  private count = 0;

  constructor(private readonly options: { maxUnsentBytes?: number; onDropped?: () => void } = {}) {}

  get size(): number {
    return this.count;
  }

  add(entry: Attached): void {
    const key = entry.connection.filterKey;
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { matches: entry.connection.matches, entries: new Set() }));
    group.entries.add(entry);
    this.count += 1;
  }

  remove(connection: StreamConnection): void {
    const group = this.groups.get(connection.filterKey);
    if (!group) return;
    for (const entry of group.entries) {
      if (entry.connection !== connection) continue;
      group.entries.delete(entry);
      this.count -= 1;
    }
    if (group.entries.size === 0) this.groups.delete(connection.filterKey);
  }

  /**
   * Hands a batch (in position order) to every stream; streams still resuming keep it for later.
   * Streams are written STREAMS_PER_SLICE at a time, the event loop free between slices, so that a
   * replica holding tens of thousands keeps answering requests while a batch goes out.
   */
  async broadcast(changes: readonly StreamChange[]): Promise<void> {
    const first = changes[0];
    const last = changes[changes.length - 1];
    if (!first || !last) return;
    let written = 0;
    for (const group of [...this.groups.values()]) {
      const matched = changes.filter(group.matches);
      const chunk = matched.length > 0 ? joinedFrames(matched.map((change) => change.frame)) : undefined;
      for (const entry of group.entries) {
        this.deliver(entry, changes, matched, chunk);
        entry.handed = later(entry.handed, last.position);
        if (++written % STREAMS_PER_SLICE === 0) await nextTurn();
      }
    }
  }

  /** One stream's share of a batch: the group's bytes, unless it is resuming or its floor cuts in. */
  private deliver(
    entry: Attached,
    changes: readonly StreamChange[],
    matched: readonly StreamChange[],
    chunk: Uint8Array | undefined,
  ): void {
    if (entry.buffered) {
      entry.buffered.push([...changes]);
    } else if (this.dropIfBehind(entry)) {
      return;
    } else if (isAfter(changes[0]!.position, entry.floor)) {
      // The whole batch is past this stream's floor, as it is for nearly every stream: shared bytes.
      if (chunk) {
        entry.connection.write(chunk);
        entry.connection.delivered?.(matched.length);
      }
    } else {
      writeChanges(
        entry.connection,
        matched.filter((change) => isAfter(change.position, entry.floor)),
      );
    }
  }

  /** Writes what a stream gathered while it resumed, then lets it take batches as they come. */
  release(entry: Attached): void {
    const buffered = entry.buffered ?? [];
    entry.buffered = undefined;
    for (const changes of buffered) {
      const fresh = changes.filter((change) => isAfter(change.position, entry.floor));
      writeChanges(entry.connection, fresh.filter(entry.connection.matches));
      const last = changes[changes.length - 1];
      if (last) entry.handed = later(entry.handed, last.position);
    }
  }

  /**
   * A comment on every stream; its id (where the stream stands) moves a filtered client's
   * Last-Event-ID on, so it resumes from here rather than from its last match days ago.
   */
  async keepAlive(mark: ChangePosition): Promise<void> {
    const shared = keepAliveFrame(changeId(mark));
    const plain = keepAliveFrame();
    let written = 0;
    for (const group of [...this.groups.values()]) {
      for (const entry of group.entries) {
        if (this.dropIfBehind(entry)) continue;
        if (entry.buffered) {
          entry.connection.write(plain);
        } else if (comparePositions(entry.floor, mark) <= 0) {
          entry.connection.write(shared);
          entry.handed = later(entry.handed, mark);
        } else {
          entry.connection.write(keepAliveFrame(changeId(entry.floor)));
        }
        if (++written % STREAMS_PER_SLICE === 0) await nextTurn();
      }
    }
  }

  /** Every stream ended (the process is stopping). */
  closeAll(): void {
    for (const group of this.groups.values()) for (const entry of group.entries) entry.connection.close();
    this.groups.clear();
    this.count = 0;
  }

  private dropIfBehind(entry: Attached): boolean {
    if (entry.connection.unsentBytes <= (this.options.maxUnsentBytes ?? MAX_UNSENT_BYTES)) return false;
    entry.connection.write(resetFrame('slow-client', changeId(entry.handed)));
    entry.connection.close();
    this.remove(entry.connection);
    this.options.onDropped?.();
    return true;
  }
}
