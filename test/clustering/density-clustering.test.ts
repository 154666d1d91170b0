import { clustersDbscan } from '@turf/clusters-dbscan';
import { featureCollection, point } from '@turf/helpers';
import { describe, expect, it } from 'vitest';
import { clusterMembers, sizeReachKm } from '../../clustering/index.js';
import { clusteringConfig, DEFAULT_CLUSTERING_CONFIG } from '../../config/clustering.js';
import type { ClusterMember } from '../../clustering/index.js';
import { GENERATED_NOW, scatteredMembers } from '../../replay/stand-ins/event-sequences.js';
import { member, NOW, shuffled } from './fixtures.js';

const ids = (members: readonly ClusterMember[]) => members.map((m) => m.id);
const memberships = (members: readonly ClusterMember[], config = DEFAULT_CLUSTERING_CONFIG) =>
  clusterMembers(members, NOW, config).map((cluster) => ids(cluster.members));

/** turf's clusters as sorted id lists, sorted by first id; and which points it calls noise. */
function turfClusters(members: readonly ClusterMember[], radiusKm: number, minPoints: number) {
  const points = featureCollection(members.map((m) => point([m.lng, m.lat], { id: m.id })));
  const labelled = clustersDbscan(points, radiusKm, { minPoints });
  const byCluster = new Map<number, string[]>();
  const noise: string[] = [];
  for (const feature of labelled.features) {
    const id = String(feature.properties.id);
    if (feature.properties.cluster === undefined) noise.push(id);
    else
      byCluster.set(feature.properties.cluster, [...(byCluster.get(feature.properties.cluster) ?? []), id]);
  }
  const clusters = [...byCluster.values()].map((c) => c.sort()).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
  return { clusters, noise: noise.sort() };
}

describe('density clustering against @turf/clusters-dbscan', () => {
  const fireOnly = clusteringConfig({ sizeReachMaxKm: 0 });
  const scattered = (seed: number) =>
    scatteredMembers(1500, {
      seed,
      eventTypes: ['bushfire'],
      withHectares: false,
      perHotspot: 4,
      spreadKm: 9,
    });

  it.each([1, 2, 3])('gives the same clusters at minPoints 2 (seed %i)', (seed) => {
    const members = scattered(seed);
    const ours = clusterMembers(members, GENERATED_NOW, fireOnly).map((c) => ids(c.members));
    const reference = turfClusters(members, 15, 2);
    expect(reference.clusters.length).toBeGreaterThan(50);
    expect(ours).toEqual(reference.clusters);
  });

  it.each([1, 2])(
    'agrees at minPoints 4 on which points cluster and how core points group (seed %i)',
    (seed) => {
      const members = scattered(seed);
      const config = clusteringConfig({ sizeReachMaxKm: 0, minPoints: 4 });
      const ours = clusterMembers(members, GENERATED_NOW, config).map((c) => ids(c.members));
      const reference = turfClusters(members, 15, 4);
      expect(ours.flat().sort()).toEqual(reference.clusters.flat().sort());
      // Border points reachable from two clusters may go either way in DBSCAN; core points may not.
      const core = new Set(
        members
          .filter((m) => members.filter((other) => distanceKm(m, other) <= 15).length >= 4)
          .map((m) => m.id),
      );
      const coreOnly = (clusters: string[][]) =>
        clusters
          .map((c) => c.filter((id) => core.has(id)))
          .filter((c) => c.length > 0)
          .sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
      expect(core.size).toBeGreaterThan(100);
      expect(ours.flat().length).toBeGreaterThan(core.size);
      expect(coreOnly(ours)).toEqual(coreOnly(reference.clusters));
    },
  );
});

function distanceKm(a: ClusterMember, b: ClusterMember): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('clusterMembers', () => {
  it('links fires within the fire radius and leaves a lone fire out', () => {
    const members = [member('a', 0, 0), member('b', 14, 0), member('c', 60, 0)];
    expect(memberships(members)).toEqual([['a', 'b']]);
  });

  it('chains neighbours into one cluster (density reachability)', () => {
    const members = [member('a', 0, 0), member('b', 12, 0), member('c', 24, 0), member('d', 36, 0)];
    expect(memberships(members)).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('uses each category’s radius and never mixes categories', () => {
    const members = [
      member('fire1', 0, 0),
      member('fire2', 20, 0),
      member('flood1', 0, 1, { eventType: 'flood' }),
      member('flood2', 20, 1, { eventType: 'flood' }),
      member('burn1', 0, 2, { eventType: 'burn_off' }),
      member('burn2', 4, 2, { eventType: 'burn_off' }),
    ];
    const clusters = clusterMembers(members, NOW, DEFAULT_CLUSTERING_CONFIG);
    expect(clusters.map((c) => [c.category, ids(c.members)])).toEqual([
      ['planned', ['burn1', 'burn2']],
      ['weather', ['flood1', 'flood2']],
    ]);
  });

  it('leaves out excluded categories and event types', () => {
    const members = [
      member('r1', 0, 0, { eventType: 'rescue' }),
      member('r2', 1, 0, { eventType: 'rescue' }),
      member('s1', 0, 0, { eventType: 'structure_fire' }),
      member('s2', 1, 0, { eventType: 'structure_fire' }),
      member('m1', 0, 0, { eventType: 'medical' }),
      member('m2', 1, 0, { eventType: 'medical' }),
    ];
    expect(memberships(members)).toEqual([]);
    const withRescues = clusteringConfig({ radiusKm: { rescue: 2 } });
    expect(memberships(members, withRescues)).toEqual([['r1', 'r2']]);
  });

  it('keeps only members updated within the window before now (a future stamp counts as current)', () => {
    const members = [
      member('a', 0, 0, { updatedAt: '2026-01-08T06:00:00.000Z' }), // exactly 48 h old: in
      member('b', 5, 0, { updatedAt: '2026-01-08T05:59:59.000Z' }), // just over: out
      member('c', 10, 0, { updatedAt: '2026-01-10T07:00:00+11:00' }), // 2026-01-09T20:00Z
      member('d', 15, 0, { updatedAt: '2026-01-10T09:00:00.000Z' }), // 3 h ahead of now
    ];
    expect(memberships(members)).toEqual([['a', 'c', 'd']]);
    expect(memberships(members, clusteringConfig({ maxMemberAgeHours: 12 }))).toEqual([['c', 'd']]);
  });

  it('lets large fires reach further by the radius of their reported area, up to the cap', () => {
    // 40,000 ha is a circle of radius 11.28 km: 15 + 2 × 11.28 = 37.6 km reach between two such fires.
    const big = (id: string, east: number) => member(id, east, 0, { hectares: 40_000 });
    expect(sizeReachKm(40_000, 25)).toBeCloseTo(11.284, 3);
    expect(memberships([big('a', 0), big('b', 37)])).toEqual([['a', 'b']]);
    expect(memberships([big('a', 0), big('b', 38.5)])).toEqual([]);
    // One big fire reaches a small one 26 km away (15 + 11.28), not 27 km.
    expect(memberships([big('a', 0), member('b', 26, 0)])).toEqual([['a', 'b']]);
    expect(memberships([big('a', 0), member('b', 27, 0)])).toEqual([]);
    expect(memberships([big('a', 0), big('b', 37)], clusteringConfig({ sizeReachMaxKm: 0 }))).toEqual([]);
    // The cap: 1,000,000 ha would be 56 km; capped at 25 km.
    expect(sizeReachKm(1_000_000, 25)).toBe(25);
  });

  it('does not depend on input order, and keeps the later entry of a duplicated id', () => {
    const members = scatteredMembers(600, { seed: 5 });
    const expected = clusterMembers(members, GENERATED_NOW, DEFAULT_CLUSTERING_CONFIG);
    expect(expected.length).toBeGreaterThan(20);
    for (const seed of [1, 2, 3]) {
      expect(clusterMembers(shuffled(members, seed), GENERATED_NOW, DEFAULT_CLUSTERING_CONFIG)).toEqual(
        expected,
      );
    }
    const moved = member('a', 100, 0, { updatedAt: '2026-01-10T05:30:00.000Z' });
    const twice = [member('a', 0, 0), member('b', 5, 0), moved];
    expect(memberships(twice)).toEqual([]);
    expect(memberships(shuffled(twice, 4))).toEqual([]);
  });

  it('keeps an incident whose type changed in its latest category only', () => {
    const members = [
      member('a', 0, 0, { updatedAt: '2026-01-10T04:00:00.000Z' }),
      member('a', 0, 0, { eventType: 'flood', updatedAt: '2026-01-10T05:30:00.000Z' }),
      member('b', 5, 0),
      member('c', 5, 0, { eventType: 'flood' }),
    ];
    const clusters = clusterMembers(shuffled(members, 2), NOW, DEFAULT_CLUSTERING_CONFIG);
    expect(clusters.map((c) => [c.category, ids(c.members)])).toEqual([['weather', ['a', 'c']]]);
  });

  it('gives a border point reachable from two clusters to its nearest core point', () => {
    // minPoints 4: a1..a4 and b1..b4 are core; x (3 neighbours with itself) sits between, 1 km nearer b1.
    const config = clusteringConfig({ minPoints: 4, radiusKm: { fire: 10 } });
    const members = [
      ...[-18.5, -15.5, -12.5, -9.5].map((east, i) => member(`a${i + 1}`, east, 0)),
      member('x', 0, 0),
      ...[8.5, 11.5, 14.5, 17.5].map((east, i) => member(`b${i + 1}`, east, 0)),
    ];
    const expected = [
      ['a1', 'a2', 'a3', 'a4'],
      ['b1', 'b2', 'b3', 'b4', 'x'],
    ];
    expect(memberships(members, config)).toEqual(expected);
    expect(memberships(shuffled(members, 9), config)).toEqual(expected);
  });

  it('rejects a config that cannot work', () => {
    expect(() => clusteringConfig({ minPoints: 0 })).toThrow(/minPoints/);
    expect(() => clusteringConfig({ radiusKm: { fire: -1 } })).toThrow(/radiusKm.fire/);
    expect(() => clusteringConfig({ matchShare: 0 })).toThrow(/matchShare/);
  });
});
