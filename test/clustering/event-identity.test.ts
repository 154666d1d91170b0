import { v5 as uuidV5, version as uuidVersion } from 'uuid';
import { describe, expect, it } from 'vitest';
import { clusterMembers, EVENT_ID_NAMESPACE, nextEventState } from '../../clustering/index.js';
import { clusteringConfig, DEFAULT_CLUSTERING_CONFIG } from '../../config/clustering.js';
import type { ClusterMember } from '../../clustering/index.js';
import type { ClusteredEvent } from '../../model/index.js';
import { pollSequence } from '../../replay/stand-ins/event-sequences.js';
import { line, member, NOW, shuffled } from './fixtures.js';

/** `minutes` after NOW. */
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

/** The states after each poll, starting from nothing. */
function run(polls: readonly [minutes: number, members: ClusterMember[]][]): ClusteredEvent[][] {
  const states: ClusteredEvent[][] = [];
  let state: ClusteredEvent[] = [];
  for (const [minutes, members] of polls) {
    state = nextEventState(state, members, at(minutes), DEFAULT_CLUSTERING_CONFIG);
    states.push(state);
  }
  return states;
}

const active = (state: readonly ClusteredEvent[]) => state.filter((event) => event.isActive);
const only = (state: readonly ClusteredEvent[]): ClusteredEvent => {
  expect(active(state)).toHaveLength(1);
  return active(state)[0]!;
};
const withMembers = (state: readonly ClusteredEvent[], ids: readonly string[]): ClusteredEvent => {
  const found = state.find((event) => event.isActive && event.memberIds.join() === ids.join());
  if (!found) throw new Error(`No active event with members ${ids.join(', ')}`);
  return found;
};
const byId = (state: readonly ClusteredEvent[], id: string) => state.find((event) => event.id === id);

describe('event ids', () => {
  it('derives a new event’s id from its sorted member ids (UUID v5, fixed namespace)', () => {
    const [state] = run([[0, [member('b', 5, 0), member('a', 0, 0)]]]);
    const event = only(state!);
    expect(event.id).toBe(uuidV5('a\nb', EVENT_ID_NAMESPACE));
    expect(uuidVersion(event.id)).toBe(5);
    expect(event).toMatchObject({
      memberIds: ['a', 'b'],
      isActive: true,
      lastMatchedAt: at(0),
      endedAt: null,
    });
  });

  it('gives the same states when the same polls are replayed', () => {
    const polls = pollSequence({ polls: 40, seed: 3 });
    const replay = () => {
      let state: ClusteredEvent[] = [];
      for (const poll of polls)
        state = nextEventState(state, poll.members, poll.now, DEFAULT_CLUSTERING_CONFIG);
      return state;
    };
    const first = replay();
    expect(first.length).toBeGreaterThan(10);
    expect(replay()).toEqual(first);
  });
});

describe('event identity across polls', () => {
  it('keeps the id while an event grows', () => {
    const states = run([
      [0, line('f', 2)],
      [5, line('f', 6)],
    ]);
    const [before, after] = states.map(only);
    expect(after!.id).toBe(before!.id);
    expect(after!.memberIds).toEqual(['f1', 'f2', 'f3', 'f4', 'f5', 'f6']);
  });

  it('keeps firstDetectedAt when the earliest member leaves, and lastUpdatedAt never moves back', () => {
    const first = member('a', 0, 0, {
      reportedAt: '2026-01-09T20:00:00.000Z',
      updatedAt: '2026-01-10T05:50:00Z',
    });
    const rest = [member('b', 5, 0), member('c', 10, 0)];
    const states = run([
      [0, [first, ...rest]],
      [5, rest],
    ]);
    const [before, after] = states.map(only);
    expect(after!.id).toBe(before!.id);
    expect(after!.firstDetectedAt).toBe('2026-01-09T20:00:00.000Z');
    expect(after!.lastUpdatedAt).toBe('2026-01-10T05:50:00Z');
  });

  it('lets the largest part keep the id when an event splits', () => {
    const whole = line('f', 6);
    const split = [...whole.slice(0, 4), member('f5', 100, 0), member('f6', 105, 0)];
    const [before, after] = run([
      [0, whole],
      [5, split],
    ]);
    const original = only(before!);
    expect(withMembers(after!, ['f1', 'f2', 'f3', 'f4']).id).toBe(original.id);
    const offshoot = withMembers(after!, ['f5', 'f6']);
    expect(offshoot.id).toBe(uuidV5('f5\nf6', EVENT_ID_NAMESPACE));
  });

  it('on a merge keeps the earliest-detected event and ends the other with mergedInto', () => {
    const east = (reportedAt: string) => [
      member('e1', 60, 0, { reportedAt }),
      member('e2', 65, 0, { reportedAt }),
    ];
    const west = [member('w1', 0, 0), member('w2', 5, 0)]; // reported 01:00
    const joined = (reportedAt: string) => [
      ...west,
      ...east(reportedAt).map((m) => ({ ...m, lng: m.lng - 0.5 })), // ~46 km west: beside w2
    ];
    for (const [eastReported, survivorSide] of [
      ['2026-01-10T00:00:00.000Z', 'east'],
      ['2026-01-10T02:00:00.000Z', 'west'],
    ] as const) {
      const [before, after] = run([
        [0, [...west, ...east(eastReported)]],
        [5, joined(eastReported)],
      ]);
      const westEvent = withMembers(before!, ['w1', 'w2']);
      const eastEvent = withMembers(before!, ['e1', 'e2']);
      const [survivor, absorbed] = survivorSide === 'east' ? [eastEvent, westEvent] : [westEvent, eastEvent];
      const merged = only(after!);
      expect(merged.id).toBe(survivor.id);
      expect(merged.memberIds).toEqual(['e1', 'e2', 'w1', 'w2']);
      expect(merged.firstDetectedAt).toBe(survivor.firstDetectedAt);
      expect(byId(after!, absorbed.id)).toMatchObject({
        isActive: false,
        mergedInto: survivor.id,
        endedAt: at(5),
        memberIds: absorbed.memberIds,
      });
    }
  });

  it('keeps an event whose members vanish active through the grace period, and back with its id', () => {
    const fires = line('f', 3);
    const states = run([
      [0, fires],
      [30, []],
      [55, fires],
    ]);
    const original = only(states[0]!);
    expect(only(states[1]!)).toEqual(original);
    expect(only(states[2]!)).toMatchObject({ id: original.id, lastMatchedAt: at(55) });
  });

  it('ends an event after the grace period; when its incidents return it is a new event', () => {
    const fires = line('f', 3);
    const states = run([
      [0, fires],
      [30, []],
      [60, []],
      [65, fires],
    ]);
    const original = only(states[0]!);
    expect(states[2]).toEqual([{ ...original, isActive: false, endedAt: at(60) }]);
    const reborn = only(states[3]!);
    // Its own id is still held by the ended event, so a counter is added to the name.
    expect(reborn.id).toBe(uuidV5('f1\nf2\nf3\n#2', EVENT_ID_NAMESPACE));
    expect(byId(states[3]!, original.id)).toMatchObject({ isActive: false, endedAt: at(60) });
  });

  it('honours a configured grace period', () => {
    const config = clusteringConfig({ graceMinutes: 10 });
    const first = nextEventState([], line('f', 2), at(0), config);
    expect(active(nextEventState(first, [], at(9), config))).toHaveLength(1);
    expect(active(nextEventState(first, [], at(10), config))).toHaveLength(0);
  });

  it('ends an event at once when its members disperse into other events', () => {
    const whole = line('f', 5); // 0–20 km east
    const dispersed = [
      ...[member('f1', 200, 0), member('f2', 205, 0), member('x', 210, 0)],
      ...[member('f3', 400, 0), member('f4', 405, 0), member('y', 410, 0)],
    ];
    const [before, after] = run([
      [0, whole],
      [5, dispersed],
    ]);
    const original = only(before!);
    expect(byId(after!, original.id)).toMatchObject({ isActive: false, endedAt: at(5), mergedInto: null });
    expect(active(after!).map((event) => event.memberIds)).toEqual(
      expect.arrayContaining([
        ['f1', 'f2', 'x'],
        ['f3', 'f4', 'y'],
      ]),
    );
  });

  it('never revives an ended event: a merged pair splitting again gives the absorbed part a new id', () => {
    const west = [member('w1', 0, 0), member('w2', 5, 0)];
    const eastFar = [member('e1', 60, 0), member('e2', 65, 0)];
    const eastNear = [member('e1', 12, 0), member('e2', 17, 0)];
    const states = run([
      [0, [...west, ...eastFar]],
      [5, [...west, ...eastNear]],
      [10, [...west, ...eastFar]],
    ]);
    const westEvent = withMembers(states[0]!, ['w1', 'w2']);
    const eastEvent = withMembers(states[0]!, ['e1', 'e2']);
    // Same reported time: the id settles which is "earliest detected".
    const [survivor, absorbed] =
      westEvent.id < eastEvent.id ? [westEvent, eastEvent] : [eastEvent, westEvent];
    const last = states[2]!;
    expect(active(last)).toHaveLength(2);
    expect(byId(last, absorbed.id)).toMatchObject({ isActive: false, mergedInto: survivor.id });
    const absorbedPart = withMembers(last, absorbed.memberIds);
    expect(absorbedPart.id).not.toBe(absorbed.id);
    expect(withMembers(last, survivor.memberIds).id).toBe(survivor.id);
  });

  it('drops ended events once they are older than the retention', () => {
    const config = clusteringConfig({ retainInactiveHours: 2, graceMinutes: 0 });
    const first = nextEventState([], line('f', 2), at(0), config);
    const ended = nextEventState(first, [], at(5), config);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.isActive).toBe(false);
    expect(nextEventState(ended, [], at(5 + 119), config)).toHaveLength(1);
    expect(nextEventState(ended, [], at(5 + 120), config)).toEqual([]);
  });

  it('makes one event of a cross-border cluster', () => {
    // Albury (NSW) and Wodonga (VIC) across the Murray.
    const albury = { lng: 146.916, lat: -36.081 };
    const wodonga = { lng: 146.888, lat: -36.121 };
    const members = [
      member('nsw-rfs-1', 0, 0, { ...albury, state: 'nsw', agency: 'rfs', suburb: 'Albury' }),
      member('vic-cfa-1', 0, 0, { ...wodonga, state: 'vic', agency: 'cfa', suburb: 'Wodonga' }),
    ];
    const event = only(nextEventState([], members, NOW, DEFAULT_CLUSTERING_CONFIG));
    expect(event).toMatchObject({
      affectedStates: ['nsw', 'vic'],
      agencies: ['cfa', 'rfs'],
      affectedSuburbs: ['Albury', 'Wodonga'],
      memberIds: ['nsw-rfs-1', 'vic-cfa-1'],
    });
    expect(event.title).toBe('Bushfire complex near Albury, Wodonga (NSW/VIC) — 2 incidents');
  });
});

describe('nextEventState over a generated fire season', () => {
  const polls = pollSequence({ polls: 120, seed: 11 });

  it('is idempotent, order-free and keeps its invariants at every poll', () => {
    let state: ClusteredEvent[] = [];
    const everEnded = new Set<string>();
    let merges = 0;
    for (const [n, poll] of polls.entries()) {
      const next = nextEventState(state, poll.members, poll.now, DEFAULT_CLUSTERING_CONFIG);
      // Re-running on the same input changes nothing; nor does the order of either input.
      expect(nextEventState(next, poll.members, poll.now, DEFAULT_CLUSTERING_CONFIG)).toEqual(next);
      expect(
        nextEventState(
          shuffled(state, n),
          shuffled(poll.members, n + 1),
          poll.now,
          DEFAULT_CLUSTERING_CONFIG,
        ),
      ).toEqual(next);

      const ids = next.map((event) => event.id);
      expect(new Set(ids).size).toBe(ids.length);
      const current = next.filter((event) => event.isActive && event.lastMatchedAt === poll.now);
      const clusters = clusterMembers(poll.members, poll.now, DEFAULT_CLUSTERING_CONFIG);
      expect(current.map((event) => event.memberIds).sort()).toEqual(
        clusters.map((cluster) => cluster.members.map((m) => m.id)).sort(),
      );
      for (const event of next) {
        const earlier = byId(state, event.id);
        if (event.isActive) expect(everEnded.has(event.id)).toBe(false);
        else everEnded.add(event.id);
        if (event.mergedInto !== null) {
          merges += earlier?.mergedInto === null ? 1 : 0;
          expect(byId(next, event.mergedInto)).toBeDefined();
        }
        if (!earlier) continue;
        expect(Date.parse(event.firstDetectedAt)).toBeLessThanOrEqual(Date.parse(earlier.firstDetectedAt));
        expect(Date.parse(event.lastUpdatedAt)).toBeGreaterThanOrEqual(Date.parse(earlier.lastUpdatedAt));
      }
      state = next;
    }
    expect(merges).toBeGreaterThan(0);
    expect(everEnded.size).toBeGreaterThan(5);
  });
});
