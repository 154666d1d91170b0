import { describe, expect, it } from 'vitest';
import type { IncidentDraft, UnmappedValue } from '../../../model/index.js';
import {
  collectRecords,
  LatestById,
  RecordCollector,
  supersedes,
  type CollectedRecord,
} from '../../../sources/common/collector.js';

/** A made-up draft: only its id and title matter here. */
function draft(id: string, title: string): IncidentDraft {
  return { id, title } as IncidentDraft;
}

function unmapped(incidentId: string, value: string): UnmappedValue {
  return { field: 'status', value, incidentId };
}

/** A record of `id` written under `upstreamId`, updated at `updated` (ISO; '' is unreadable). */
function record(id: string, upstreamId: string, updated: string, title = upstreamId): CollectedRecord {
  return {
    id,
    upstreamId,
    updatedAt: Date.parse(updated),
    drafts: [draft(id, title)],
    unmapped: [unmapped(id, title)],
  };
}

const titles = (collector: RecordCollector): string[] =>
  collector.result().incidents.map((incident) => incident.title);

describe('RecordCollector: one record per id', () => {
  it('keeps every record of distinct ids, in document order, and drops nothing', () => {
    const collector = new RecordCollector();
    collector.add(record('x-1', '1', '2024-01-01T10:00:00Z'));
    collector.add(record('x-2', '2', '2024-01-01T09:00:00Z'));
    expect(collector.result()).toEqual({
      incidents: [draft('x-1', '1'), draft('x-2', '2')],
      unmapped: [unmapped('x-1', '1'), unmapped('x-2', '2')],
      dropped: [],
    });
  });

  it('keeps the later update whichever comes first, and drops the other as duplicate', () => {
    const older = record('x-1', 'old', '2024-01-01T10:00:00Z');
    const newer = record('x-1', 'new', '2024-01-01T11:00:00Z');
    for (const order of [
      [older, newer],
      [newer, older],
    ]) {
      const collector = new RecordCollector();
      for (const each of order) collector.add(each);
      expect(titles(collector)).toEqual(['new']);
      expect(collector.result().dropped).toEqual([{ reason: 'duplicate', upstreamId: 'old' }]);
    }
  });

  it('compares instants, not text: the same time in another offset is a tie', () => {
    const collector = new RecordCollector();
    collector.add(record('x-1', 'sydney', '2024-01-01T21:00:00+11:00'));
    collector.add(record('x-1', 'utc', '2024-01-01T10:00:00Z'));
    collector.add(record('x-1', 'perth', '2024-01-01T17:59:00+08:00'));
    expect(titles(collector)).toEqual(['utc']);
    expect(collector.result().dropped.map((each) => each.upstreamId)).toEqual(['sydney', 'perth']);
  });

  it('on a tie keeps the later one in the document', () => {
    const collector = new RecordCollector();
    collector.add(record('x-1', 'first', '2024-01-01T10:00:00Z'));
    collector.add(record('x-1', 'second', '2024-01-01T10:00:00Z'));
    collector.add(record('x-1', 'third', '2024-01-01T10:00:00Z'));
    expect(titles(collector)).toEqual(['third']);
    expect(collector.result().dropped).toEqual([
      { reason: 'duplicate', upstreamId: 'first' },
      { reason: 'duplicate', upstreamId: 'second' },
    ]);
  });

  it('counts an unreadable update time as the earliest, in either order', () => {
    const unreadable = record('x-1', 'unreadable', 'not a time');
    const readable = record('x-1', 'readable', '1970-01-01T00:00:00Z');
    expect(Number.isNaN(unreadable.updatedAt)).toBe(true);
    for (const order of [
      [unreadable, readable],
      [readable, unreadable],
    ]) {
      const collector = new RecordCollector();
      for (const each of order) collector.add(each);
      expect(titles(collector)).toEqual(['readable']);
      expect(collector.result().dropped).toEqual([{ reason: 'duplicate', upstreamId: 'unreadable' }]);
    }
    // Two unreadable times tie: the later one in the document wins.
    const collector = new RecordCollector();
    collector.add(record('x-1', 'a', ''));
    collector.add(record('x-1', 'b', ''));
    expect(titles(collector)).toEqual(['b']);
  });

  it('names each loser by its own upstream id, and keeps the id where it first appeared', () => {
    const collector = new RecordCollector();
    collector.add(record('x-1', 'ESTA:1', '2024-01-01T10:00:00Z'));
    collector.add(record('x-2', 'two', '2024-01-01T10:00:00Z'));
    collector.add(record('x-1', 'ESTA-1', '2024-01-01T12:00:00Z'));
    expect(collector.result().incidents.map((incident) => incident.id)).toEqual(['x-1', 'x-2']);
    expect(titles(collector)).toEqual(['ESTA-1', 'two']);
    expect(collector.result().dropped).toEqual([{ reason: 'duplicate', upstreamId: 'ESTA:1' }]);
  });

  it('serves every draft of the kept record (an incident and its area) and none of the loser', () => {
    const collector = new RecordCollector();
    const withArea = record('x-1', 'new', '2024-01-01T12:00:00Z');
    withArea.drafts.push(draft('x-1-area', 'new area'));
    collector.add(record('x-1', 'old', '2024-01-01T10:00:00Z'));
    collector.add(withArea);
    expect(titles(collector)).toEqual(['new', 'new area']);
  });

  it("does not report a duplicate's unmapped values, only the kept record's", () => {
    const collector = new RecordCollector();
    collector.add(record('x-1', 'old', '2024-01-01T10:00:00Z'));
    collector.add(record('x-1', 'new', '2024-01-01T12:00:00Z'));
    collector.add(record('x-1', 'stale', '2024-01-01T11:00:00Z'));
    expect(collector.result().unmapped).toEqual([unmapped('x-1', 'new')]);
  });
});

describe('RecordCollector: drops and document values', () => {
  it('keeps every drop in the order it happened, duplicates among them', () => {
    const collector = new RecordCollector();
    collector.drop('no-id', '');
    collector.add(record('x-1', 'old', '2024-01-01T10:00:00Z'));
    collector.drop('republished', 'rfs-9');
    collector.add(record('x-1', 'new', '2024-01-01T11:00:00Z'));
    collector.drop('no-timestamps', 'timeless');
    collector.drop('test-record', 'TEST');
    expect(collector.result().dropped).toEqual([
      { reason: 'no-id', upstreamId: '' },
      { reason: 'republished', upstreamId: 'rfs-9' },
      { reason: 'duplicate', upstreamId: 'old' },
      { reason: 'no-timestamps', upstreamId: 'timeless' },
      { reason: 'test-record', upstreamId: 'TEST' },
    ]);
  });

  it("reports a dropped record's unmapped values and the document's, before the kept records'", () => {
    const collector = new RecordCollector();
    collector.add(record('x-1', 'kept', '2024-01-01T10:00:00Z'));
    collector.drop('no-timestamps', 'timeless', [unmapped('x-2', 'Smouldering')]);
    collector.report({ field: 'lastupdated', value: 'soon', incidentId: '' });
    expect(collector.result().unmapped).toEqual([
      unmapped('x-2', 'Smouldering'),
      { field: 'lastupdated', value: 'soon', incidentId: '' },
      unmapped('x-1', 'kept'),
    ]);
  });

  it('gives a fresh result each time: changing one does not change the collector', () => {
    const collector = new RecordCollector();
    collector.drop('no-id', '');
    collector.add(record('x-1', 'one', '2024-01-01T10:00:00Z'));
    const first = collector.result();
    first.dropped.push({ reason: 'duplicate', upstreamId: 'mutated' });
    first.incidents.length = 0;
    expect(collector.result().dropped).toEqual([{ reason: 'no-id', upstreamId: '' }]);
    expect(collector.result().incidents).toHaveLength(1);
  });

  it('is empty for an empty document', () => {
    expect(new RecordCollector().result()).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });
});

describe('LatestById and keepLatest: selections a parser merges itself', () => {
  it('returns the record that lost (the new one or the one it replaced), or undefined for a new id', () => {
    const selection = new LatestById<CollectedRecord>();
    const first = record('x-1', 'first', '2024-01-01T10:00:00Z');
    const older = record('x-1', 'older', '2024-01-01T09:00:00Z');
    const newer = record('x-1', 'newer', '2024-01-01T11:00:00Z');
    expect(selection.add(first)).toBeUndefined();
    expect(selection.add(older)).toBe(older);
    expect(selection.add(newer)).toBe(first);
    expect(selection.get('x-1')).toBe(newer);
    expect(selection.get('x-2')).toBeUndefined();
    expect(selection.values()).toEqual([newer]);
  });

  it("reports a selection's losers as duplicates of the collector, in order with its other drops", () => {
    const collector = new RecordCollector();
    const points = new LatestById<CollectedRecord>();
    collector.keepLatest(points, record('x-1', 'point-old', '2024-01-01T10:00:00Z'));
    collector.drop('no-id', '');
    collector.keepLatest(points, record('x-1', 'point-new', '2024-01-01T11:00:00Z'));
    expect(points.values().map((each) => each.upstreamId)).toEqual(['point-new']);
    expect(collector.result()).toEqual({
      incidents: [],
      unmapped: [],
      dropped: [
        { reason: 'no-id', upstreamId: '' },
        { reason: 'duplicate', upstreamId: 'point-old' },
      ],
    });
  });

  it('supersedes: later or equal wins, an unreadable time never beats a readable one', () => {
    const at = (updatedAt: number) => ({ id: 'x', upstreamId: 'x', updatedAt });
    expect(supersedes(at(2), at(1))).toBe(true);
    expect(supersedes(at(1), at(1))).toBe(true);
    expect(supersedes(at(1), at(2))).toBe(false);
    expect(supersedes(at(Number.NaN), at(0))).toBe(false);
    expect(supersedes(at(0), at(Number.NaN))).toBe(true);
    expect(supersedes(at(Number.NaN), at(Number.NaN))).toBe(true);
  });
});

describe('collectRecords: the parser loop', () => {
  it('adds what the reader returns, lets it drop through the collector, and settles the document', () => {
    const items = ['a@10', 'nothing', 'a@12', 'b@11', 'a@11'];
    const result = collectRecords(items, (item, collector) => {
      const [name, hour] = item.split('@');
      if (!hour) {
        collector.drop('no-id', item);
        return undefined;
      }
      return record(`x-${name}`, item, `2024-01-01T${hour}:00:00Z`);
    });
    expect(result.incidents.map((incident) => incident.title)).toEqual(['a@12', 'b@11']);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: 'nothing' },
      { reason: 'duplicate', upstreamId: 'a@10' },
      { reason: 'duplicate', upstreamId: 'a@11' },
    ]);
  });

  it('continues a collector it is given (document values reported before the loop)', () => {
    const collector = new RecordCollector();
    collector.report({ field: 'asAt', value: 'never', incidentId: '' });
    const result = collectRecords(['x'], () => record('x-1', 'x', ''), collector);
    expect(result.unmapped).toEqual([
      { field: 'asAt', value: 'never', incidentId: '' },
      unmapped('x-1', 'x'),
    ]);
  });
});
