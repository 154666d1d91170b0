import { describe, expect, it } from 'vitest';
import { DEFAULT_CLUSTERING_CONFIG } from '../../config/clustering.js';
import { eventFeature, eventFieldsOf, nextEventState } from '../../clustering/index.js';
import type { ClusterMember, MemberCluster } from '../../clustering/index.js';
import { highestSeverity, highestWarningLevel } from '../../model/index.js';
import type { Position } from '../../model/index.js';
import { member, NOW, offset } from './fixtures.js';

const cluster = (members: ClusterMember[]): MemberCluster => ({
  category: members[0]!.eventCategory,
  members: [...members].sort((a, b) => (a.id < b.id ? -1 : 1)),
});

/** Twice the signed planar area: positive for a counter-clockwise ring. */
function signedArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) sum += ring[i - 1]![0] * ring[i]![1] - ring[i]![0] * ring[i - 1]![1];
  return sum;
}

describe('eventFieldsOf', () => {
  const members = [
    member('a', 0, 0, {
      suburb: 'Bilpin',
      reportedAt: '2026-01-10T08:00:00+11:00', // 2026-01-09T21:00Z: the earliest instant
      updatedAt: '2026-01-10T05:45:00Z', // the latest instant, though not the greatest text
      hectares: 1200.5,
    }),
    member('b', 10, 0, {
      eventType: 'grass_fire',
      suburb: 'bilpin',
      severity: 'Severe',
      warningLevel: 'watch_and_act',
      reportedAt: '2026-01-09T22:00:00Z',
      updatedAt: '2026-01-10T16:30:00+11:00',
    }),
    member('c', 5, 8, {
      suburb: 'Kurrajong',
      severity: 'Extreme',
      warningLevel: 'emergency_warning',
      reportedAt: '2026-01-10T00:00:00Z',
      updatedAt: '2026-01-10T05:10:00Z',
      hectares: 0.25,
    }),
    member('d', 5, 8, { suburb: '', severity: 'Unknown', warningLevel: 'none' }),
  ];

  it('derives every field from the members', () => {
    const { geometry, ...fields } = eventFieldsOf(cluster(members));
    expect(fields).toEqual({
      eventCategory: 'fire',
      memberIds: ['a', 'b', 'c', 'd'],
      title: 'Fire complex near Kurrajong, Bilpin (NSW) — 4 incidents',
      summary:
        '4 incidents: 3 bushfires, 1 grass fire. Places: Kurrajong, Bilpin. States: NSW. Agencies: RFS. ' +
        'Highest warning: Emergency Warning. Highest severity: Extreme. Reported size: 1,200.8 ha.',
      incidentCount: 4,
      affectedSuburbs: ['Bilpin', 'Kurrajong'],
      affectedStates: ['nsw'],
      agencies: ['rfs'],
      eventTypes: ['bushfire', 'grass_fire'],
      maxSeverity: 'Extreme',
      maxWarningLevel: 'emergency_warning',
      estimatedHectares: 1200.75,
      firstDetectedAt: '2026-01-10T08:00:00+11:00',
      lastUpdatedAt: '2026-01-10T05:45:00Z',
    });
    // Three distinct positions: their convex hull, closed and counter-clockwise.
    expect(geometry.type).toBe('Polygon');
    const ring = geometry.coordinates[0] as Position[];
    expect(ring).toHaveLength(4);
    expect(ring[0]).toEqual(ring[3]);
    const corners = [offset(0, 0), offset(10, 0), offset(5, 8)].map(({ lng, lat }) => [lng, lat]);
    expect(ring.slice(0, 3).sort()).toEqual(corners.sort());
    expect(signedArea(ring)).toBeGreaterThan(0);
  });

  it('gives the centroid when fewer than three distinct points or all on a line', () => {
    const two = eventFieldsOf(cluster([member('a', 0, 0), member('b', 10, 0)]));
    const [a, b] = [offset(0, 0), offset(10, 0)];
    expect(two.geometry.type).toBe('Point');
    expect(two.geometry.coordinates[0]).toBeCloseTo((a.lng + b.lng) / 2, 12);
    expect(two.geometry.coordinates[1]).toBeCloseTo(a.lat, 12);
    const onALine = eventFieldsOf(cluster([member('a', 0, 0), member('b', 5, 0), member('c', 10, 0)]));
    expect(onALine.geometry.type).toBe('Point');
    expect(onALine.geometry.coordinates[0]).toBeCloseTo(offset(5, 0).lng, 12);
  });

  it('has no size when no member reports one, and names one type by its own kind', () => {
    const fields = eventFieldsOf(
      cluster([
        member('a', 0, 0, {
          eventType: 'flood',
          warningLevel: 'none',
          severity: 'Unknown',
          suburb: 'Lismore',
        }),
        member('b', 5, 0, {
          eventType: 'flood',
          warningLevel: 'none',
          severity: 'Unknown',
          suburb: 'Lismore',
        }),
      ]),
    );
    expect(fields.estimatedHectares).toBeNull();
    expect(fields.title).toBe('Flooding near Lismore (NSW) — 2 incidents');
    expect(fields.summary).toBe(
      '2 incidents: 2 flood incidents. Places: Lismore. States: NSW. Agencies: RFS.',
    );
    expect(fields.maxSeverity).toBe('Unknown');
    expect(fields.maxWarningLevel).toBe('none');
  });

  it('counts a reported 0 ha as a size', () => {
    const fields = eventFieldsOf(cluster([member('a', 0, 0, { hectares: 0 }), member('b', 5, 0)]));
    expect(fields.estimatedHectares).toBe(0);
  });
});

describe('highest severity and warning level', () => {
  it('orders Extreme > Severe > Moderate > Minor > Unknown', () => {
    expect(highestSeverity(['Minor', 'Unknown', 'Moderate'])).toBe('Moderate');
    expect(highestSeverity(['Severe', 'Extreme', 'Minor'])).toBe('Extreme');
    expect(highestSeverity(['Unknown', 'Minor'])).toBe('Minor');
    expect(highestSeverity([])).toBe('Unknown');
  });

  it('orders emergency_warning > watch_and_act > advice > none', () => {
    expect(highestWarningLevel(['advice', 'none'])).toBe('advice');
    expect(highestWarningLevel(['advice', 'watch_and_act', 'none'])).toBe('watch_and_act');
    expect(highestWarningLevel(['watch_and_act', 'emergency_warning'])).toBe('emergency_warning');
    expect(highestWarningLevel([])).toBe('none');
  });
});

describe('eventFeature', () => {
  const [event] = nextEventState(
    [],
    [member('a', 0, 0), member('b', 5, 0), member('c', 2, 4)],
    NOW,
    DEFAULT_CLUSTERING_CONFIG,
  );

  it('renders the spec’s Event Feature and nothing more, JSON-safe', () => {
    const feature = eventFeature(event!);
    expect(Object.keys(feature)).toEqual(['type', 'id', 'geometry', 'properties']);
    expect(feature.type).toBe('Feature');
    expect(feature.id).toBe(event!.id);
    expect(feature.geometry).toEqual(event!.geometry);
    expect(Object.keys(feature.properties).sort()).toEqual(
      [
        'title',
        'incidentCount',
        'affectedSuburbs',
        'affectedStates',
        'agencies',
        'eventTypes',
        'maxSeverity',
        'maxWarningLevel',
        'estimatedHectares',
        'summary',
        'firstDetectedAt',
        'lastUpdatedAt',
        'isActive',
      ].sort(),
    );
    expect(feature.properties).toMatchObject({
      title: event!.title,
      incidentCount: 3,
      affectedStates: ['nsw'],
      isActive: true,
      estimatedHectares: null,
    });
    expect(JSON.parse(JSON.stringify(feature))).toEqual(feature);
  });

  it('shares nothing with the event', () => {
    const feature = eventFeature(event!);
    feature.properties.affectedSuburbs.push('Elsewhere');
    (feature.geometry.coordinates[0] as Position[])[0]![0] = 0;
    expect(event!.affectedSuburbs).not.toContain('Elsewhere');
    expect((event!.geometry.coordinates[0] as Position[])[0]![0]).not.toBe(0);
  });
});
