import { describe, expect, it } from 'vitest';
import { clusterMembersFromRecords, nextEventState } from '../../clustering/index.js';
import { DEFAULT_CLUSTERING_CONFIG } from '../../config/clustering.js';
import type { ClusteredEvent } from '../../model/index.js';
import { CYCLE_TICKS, fireComplexes } from '../../replay/generators/fire-complexes.js';
import { NSW_GENERATORS } from '../../replay/generators/nsw.js';
import { tickTime, type RenderOptions } from '../../replay/generators/types.js';
import { NSW_PARSERS } from '../../sources/nsw/index.js';
import { normalise } from '../../model/index.js';
import { toRecord } from '../../model/index.js';

const FORMAT = 'nsw-rfs-major-incidents-geojson';
const startedAt = new Date('2026-11-20T00:00:00Z');
const options = (tick: number, fireComplexes = true): RenderOptions => ({
  count: 25,
  seed: 2026,
  tick,
  startedAt,
  tickMs: 20_000,
  fireComplexes,
});

/** The events after each tick of the feed as the demo serves it, parsed and clustered as the service does. */
function eventsOverTicks(ticks: number): ClusteredEvent[][] {
  const generator = NSW_GENERATORS.find((each) => each.format === FORMAT)!;
  const parse = NSW_PARSERS[FORMAT]!;
  let state: ClusteredEvent[] = [];
  const states: ClusteredEvent[][] = [];
  for (let tick = 0; tick < ticks; tick++) {
    const now = tickTime(options(tick), tick).toISOString();
    const drafts = parse(new TextEncoder().encode(generator.render(options(tick)))).incidents;
    const records = drafts.map((draft) => toRecord(normalise(draft, now)));
    state = nextEventState(
      state,
      clusterMembersFromRecords(records, DEFAULT_CLUSTERING_CONFIG),
      now,
      DEFAULT_CLUSTERING_CONFIG,
    );
    states.push(state);
  }
  return states;
}

/** The active event holding the complex fire `n` of cycle 0. */
const holding = (events: ClusteredEvent[], n: number) =>
  events.find((event) => event.isActive && event.memberIds.includes(`nsw-rfs-${5_000_000 + n}`));

describe('demo fire complexes (NSW majorIncidents)', () => {
  const states = eventsOverTicks(CYCLE_TICKS + 1);
  const at = (tick: number) => states[tick]!;

  it('are added only when asked for, each cycle with new incident numbers', () => {
    const generator = NSW_GENERATORS.find((each) => each.format === FORMAT)!;
    const parse = NSW_PARSERS[FORMAT]!;
    const count = (render: RenderOptions) =>
      parse(new TextEncoder().encode(generator.render(render))).incidents.filter(
        (draft) => draft.featureType === 'incident',
      ).length;
    expect(count(options(0, false))).toBe(25);
    expect(count(options(7))).toBe(25 + fireComplexes(options(7)).length);
    const cycleIds = (tick: number) => fireComplexes(options(tick)).map((spot) => spot.id);
    expect(cycleIds(CYCLE_TICKS).some((id) => cycleIds(0).includes(id))).toBe(false);
  });

  it('grow: one event, the same id, from two fires to five', () => {
    const first = holding(at(0), 0)!;
    expect(first.incidentCount).toBe(2);
    for (const tick of [2, 4, 6, 10]) expect(holding(at(tick), 0)?.id, `tick ${tick}`).toBe(first.id);
    expect(holding(at(6), 0)?.incidentCount).toBe(5);
    expect(holding(at(10), 0)?.incidentCount).toBe(5);
  });

  it('split at tick 11: the western three keep the id, the eastern two are a new event', () => {
    const grown = holding(at(10), 0)!;
    const west = holding(at(11), 0)!;
    const east = holding(at(11), 1)!;
    expect(west.id).toBe(grown.id);
    expect(west.incidentCount).toBe(3);
    expect(east.id).not.toBe(grown.id);
    expect(east.incidentCount).toBe(2);
    expect(east.maxWarningLevel).toBe('emergency_warning');
  });

  it('merge at tick 8: the event detected first keeps its id, the other ends merged into it', () => {
    const western = holding(at(7), 10)!;
    const eastern = holding(at(7), 12)!;
    expect(western.id).not.toBe(eastern.id);
    const merged = holding(at(8), 12)!;
    expect(merged.id).toBe(western.id);
    expect(merged.incidentCount).toBe(4);
    expect(at(8).find((event) => event.id === eastern.id)).toMatchObject({
      isActive: false,
      mergedInto: western.id,
    });
  });

  it('starts again further south in the next cycle, with events of its own', () => {
    const nextCycle = at(CYCLE_TICKS).filter(
      (event) => event.isActive && event.memberIds.some((id) => id.startsWith('nsw-rfs-50001')),
    );
    expect(nextCycle.map((event) => event.incidentCount).sort()).toEqual([2, 2]);
    const previous = at(CYCLE_TICKS - 1)
      .filter((event) => event.isActive)
      .map((event) => event.id);
    expect(nextCycle.some((event) => previous.includes(event.id))).toBe(false);
  });
});
