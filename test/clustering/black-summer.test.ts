import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parserFor } from '../../sources/index.js';
import { clusterMembersFromRecords, nextEventState } from '../../clustering/index.js';
import { DEFAULT_CLUSTERING_CONFIG } from '../../config/clustering.js';
import { toRecord } from '../../model/index.js';
import type { ClusteredEvent } from '../../model/index.js';
import { requireSharedFolder } from '../../replay/shared-samples.js';

/**
 * NSW RFS major incidents on 26 January 2020, late afternoon: the Black Summer fires. Several large
 * fires burned into each other that season; the events found here should be those complexes.
 */
const SAMPLE = 'upstream/samples/nsw/nsw-rfs-majorIncidents-2020-01-26-black-summer-EW-recompacted.json';
const FETCHED = '2020-01-26T16:30:00+11:00';

function blackSummerMembers() {
  const parse = parserFor('nsw-rfs-major-incidents-geojson');
  if (!parse) throw new Error('No parser for nsw-rfs-major-incidents-geojson');
  const { incidents } = parse(readFileSync(requireSharedFolder(SAMPLE)));
  const records = incidents.map((draft) =>
    toRecord({
      ...draft,
      timestamps: { ...draft.timestamps, fetched: FETCHED },
      retraction: { retracted: false },
    }),
  );
  return clusterMembersFromRecords(records, DEFAULT_CLUSTERING_CONFIG);
}

const rfs = (...feedIds: number[]) => feedIds.map((id) => `nsw-rfs-${id}`);

describe('events of the Black Summer sample', () => {
  const members = blackSummerMembers();
  const events = nextEventState([], members, FETCHED, DEFAULT_CLUSTERING_CONFIG);
  const eventWith = (ids: string[]): ClusteredEvent => {
    const event = events.find((e) => e.memberIds.includes(ids[0]!));
    if (!event) throw new Error(`${ids[0]} is in no event`);
    return event;
  };

  it('finds the Blue Mountains complex: Green Wattle Creek, Ruined Castle, Grose Valley, Blue Labyrinth, High Range', () => {
    const ids = rfs(360264, 360437, 365204, 370508, 374253);
    const event = eventWith(ids);
    expect(event.memberIds).toEqual(ids);
    expect(event.estimatedHectares).toBe(278_722 + 17_058 + 19_921 + 17_811 + 0);
    expect(event.geometry.type).toBe('Polygon');
    expect(event.affectedStates).toEqual(['nsw']);
  });

  it('finds the Gospers Mountain complex in Wollemi with the fires north and west of it', () => {
    const ids = rfs(352934, 359453, 361695, 371682, 373208, 373243);
    expect(eventWith(ids).memberIds).toEqual(ids);
    expect(eventWith(ids).title).toBe(
      'Bushfire complex near Wollemi National Park, Putty State Forest and Coricudgy State Forest (NSW) — 6 incidents',
    );
  });

  it('finds the Currowan complex of the south coast and Southern Highlands', () => {
    const ids = rfs(364556, 367079, 370338, 371572, 373918);
    expect(eventWith(ids).memberIds).toEqual(ids);
  });

  it('finds the Border fire complex of the far south coast, under an Emergency Warning', () => {
    const ids = rfs(368771, 370663, 373488, 374181, 374210);
    const event = eventWith(ids);
    expect(event.memberIds).toEqual(ids);
    expect(event.maxWarningLevel).toBe('emergency_warning');
    expect(event.maxSeverity).toBe('Extreme');
    expect(event.firstDetectedAt).toBe('2020-01-26T09:57:00+11:00');
    expect(event.lastUpdatedAt).toBe('2020-01-26T16:08:00+11:00');
  });

  it('leaves out lone fires, stale entries and incidents that are not fires', () => {
    const clustered = new Set(events.flatMap((event) => event.memberIds));
    // Gradys Creek (alone in the far north), Bourke (last updated three days before), an alarm,
    // a road crash and a structure fire.
    for (const id of rfs(373940, 372960, 374271, 374275, 374172)) expect(clustered.has(id)).toBe(false);
    expect(members.length).toBeGreaterThan(70);
    expect(events.length).toBeGreaterThanOrEqual(8);
    expect(events.every((event) => event.eventCategory === 'fire' && event.incidentCount >= 2)).toBe(true);
  });

  it('keeps every id when the same document is polled again', () => {
    const again = nextEventState(events, members, '2020-01-26T16:35:00+11:00', DEFAULT_CLUSTERING_CONFIG);
    expect(again.map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(again.every((event) => event.isActive)).toBe(true);
  });
});
