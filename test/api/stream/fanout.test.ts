import { describe, expect, it } from 'vitest';
import type { StreamChange, StreamChangeType } from '../../../api/stream/change.js';
import { StreamFanout, type StreamConnection } from '../../../api/stream/fanout.js';
import { changeMatcher, filterKey, type StreamFilters } from '../../../api/stream/filters.js';
import { markAt, type ChangePosition } from '../../../api/stream/position.js';

const encoder = new TextEncoder();

function change(at: number, type: StreamChangeType, state: 'nsw' | 'vic'): StreamChange {
  const position: ChangePosition = { at, key: 'k', seq: 1 };
  return {
    position,
    id: `${at}-k-1`,
    type,
    subject: `${state}-${at}`,
    facets: [
      { states: [state], eventTypes: [], severities: [], warningLevels: [], lgas: [], shape: undefined },
    ],
    body: '{}',
    frame: encoder.encode(`event: ${type}\nid: ${at}-k-1\ndata: {}\n\n`),
  };
}

/** A connection that keeps what it is written (a unit test of the fan-out's bookkeeping). */
function connection(filters: StreamFilters, unsent = 0) {
  const writes: Uint8Array[] = [];
  let closed = false;
  const conn: StreamConnection = {
    filterKey: filterKey(filters),
    matches: changeMatcher(filters),
    write: (chunk) => void writes.push(chunk),
    get unsentBytes() {
      return unsent;
    },
    close: () => void (closed = true),
  };
  return {
    conn,
    writes,
    text: () => writes.map((chunk) => new TextDecoder().decode(chunk)).join(''),
    closed: () => closed,
  };
}

const attached = (conn: StreamConnection, floor = markAt(0)) => ({
  connection: conn,
  floor,
  handed: floor,
  buffered: undefined,
});

describe('StreamFanout', () => {
  it('gives the same filters, however written, one key, and every stream of a key the same bytes', async () => {
    expect(filterKey({ state: ['vic', 'nsw'], types: ['incident.created'] })).toBe(
      filterKey({ types: ['incident.created'], state: ['nsw', 'vic'] }),
    );
    const fanout = new StreamFanout();
    const a = connection({ state: ['nsw', 'vic'] });
    const b = connection({ state: ['vic', 'nsw'] });
    const vicOnly = connection({ state: ['vic'] });
    for (const each of [a, b, vicOnly]) fanout.add(attached(each.conn));
    await fanout.broadcast([change(10, 'incident.created', 'nsw'), change(11, 'incident.updated', 'vic')]);
    expect(a.writes).toHaveLength(1);
    expect(b.writes[0]).toBe(a.writes[0]);
    expect(a.text()).toContain('id: 10-k-1');
    expect(a.text()).toContain('id: 11-k-1');
    expect(vicOnly.text()).not.toContain('id: 10-k-1');
    expect(vicOnly.text()).toContain('id: 11-k-1');
  });

  it('sends a stream whose floor is ahead only the changes past it', async () => {
    const fanout = new StreamFanout();
    const behind = connection({});
    const ahead = connection({});
    fanout.add(attached(behind.conn));
    fanout.add(attached(ahead.conn, { at: 10, key: 'k', seq: 1 }));
    await fanout.broadcast([change(10, 'incident.created', 'nsw'), change(11, 'incident.updated', 'nsw')]);
    expect(behind.text()).toContain('id: 10-k-1');
    expect(ahead.text()).not.toContain('id: 10-k-1');
    expect(ahead.text()).toContain('id: 11-k-1');
  });

  it('ends a stream past its unsent bytes with a reset naming the last change it was written', async () => {
    let dropped = 0;
    const fanout = new StreamFanout({ maxUnsentBytes: 100, onDropped: () => dropped++ });
    let unsent = 0;
    const slow = connection({});
    const conn = {
      ...slow.conn,
      get unsentBytes() {
        return unsent;
      },
    };
    fanout.add(attached(conn));
    await fanout.broadcast([change(10, 'incident.created', 'nsw')]);
    unsent = 101;
    await fanout.broadcast([change(11, 'incident.updated', 'nsw')]);
    expect(slow.text()).not.toContain('id: 11-k-1');
    expect(slow.text()).toMatch(
      /event: reset\ndata: \{"reason":"slow-client".*"id":"10-k-1"\}\nid: 10-k-1\n\n$/,
    );
    expect(slow.closed()).toBe(true);
    expect(fanout.size).toBe(0);
    expect(dropped).toBe(1);
  });
});
