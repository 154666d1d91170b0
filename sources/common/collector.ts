import type { DroppedRecord, IncidentDraft, ParseResult, UnmappedValue } from '../../model/index.js';

/**
 * How every parser settles one document: one record per id. The later update wins, the later one in
 * the document on a tie, and the other is reported as a dropped `duplicate` under its own upstream id.
 * An update time that could not be read (NaN) counts as the earliest.
 *
 * Unmapped values: a duplicate's are not reported, since they describe drafts that are not kept (the
 * winner's are); a record dropped for any other reason keeps them, so that whatever made it unusable
 * is still counted.
 */

/** What one upstream record became, held until repeated ids are settled. */
export interface CollectedRecord {
  /** The incident id: records that share it are one incident. */
  id: string;
  /** The agency's own id, as a dropped record names it. */
  upstreamId: string;
  /** Epoch milliseconds of the record's last update; NaN when unreadable. */
  updatedAt: number;
  drafts: IncidentDraft[];
  unmapped: UnmappedValue[];
}

/** What the one-per-id rule reads of a record. */
export type Ranked = Pick<CollectedRecord, 'id' | 'upstreamId' | 'updatedAt'>;

function rank(updatedAt: number): number {
  return Number.isNaN(updatedAt) ? -Infinity : updatedAt;
}

/** Whether `next`, met later in the document, replaces `previous` of the same id. */
export function supersedes(next: Ranked, previous: Ranked): boolean {
  return rank(next.updatedAt) >= rank(previous.updatedAt);
}

/** The latest record of each id, in the order the ids first appear. */
export class LatestById<T extends Ranked> {
  private readonly byId = new Map<string, T>();

  /** Keeps `record` or the one already held under its id, and returns the other (undefined if none). */
  add(record: T): T | undefined {
    const previous = this.byId.get(record.id);
    if (previous && !supersedes(record, previous)) return record;
    this.byId.set(record.id, record);
    return previous;
  }

  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  values(): T[] {
    return [...this.byId.values()];
  }
}

/** One document's result: the records kept, the values nothing mapped and the records left out, in order. */
export class RecordCollector {
  private readonly records = new LatestById<CollectedRecord>();
  private readonly dropped: DroppedRecord[] = [];
  private readonly unmapped: UnmappedValue[] = [];

  add(record: CollectedRecord): void {
    this.keepLatest(this.records, record);
  }

  /**
   * Adds `record` to a selection the parser merges itself before it has drafts (e.g. a point and a
   * polygon of one id), reporting the record it replaces or that loses as a `duplicate` here.
   */
  keepLatest<T extends Ranked>(selection: LatestById<T>, record: T): void {
    const loser = selection.add(record);
    if (loser) this.drop('duplicate', loser.upstreamId);
  }

  /** A record left out on purpose; its unmapped values are still reported. */
  drop(reason: DroppedRecord['reason'], upstreamId: string, unmapped: readonly UnmappedValue[] = []): void {
    this.dropped.push({ reason, upstreamId });
    this.unmapped.push(...unmapped);
  }

  /** Values of the document itself (e.g. an unreadable as-at time), or of a record skipped without a drop. */
  report(...unmapped: UnmappedValue[]): void {
    this.unmapped.push(...unmapped);
  }

  /** The kept drafts in the order their ids first appeared; unmapped: reported and dropped first, then the kept. */
  result(): ParseResult {
    const kept = this.records.values();
    return {
      incidents: kept.flatMap((record) => record.drafts),
      unmapped: [...this.unmapped, ...kept.flatMap((record) => record.unmapped)],
      dropped: [...this.dropped],
    };
  }
}

/** The usual parser loop: each item read into a record (or dropped through the collector), then settled. */
export function collectRecords<T>(
  items: Iterable<T>,
  read: (item: T, collector: RecordCollector) => CollectedRecord | undefined,
  collector = new RecordCollector(),
): ParseResult {
  for (const item of items) {
    const record = read(item, collector);
    if (record) collector.add(record);
  }
  return collector.result();
}
