import { describe, expect, it } from 'vitest';
import {
  clusterMemberFromRecord,
  clusterMembersFromRecords,
  hectaresFromDetails,
  hectaresFromText,
} from '../../clustering/index.js';
import { DEFAULT_CLUSTERING_CONFIG } from '../../config/clustering.js';
import { makeIncident, makeRecord } from '../support/incidents.js';

describe('hectares', () => {
  it.each([
    ['1334 ha', 1334],
    ['SIZE 292,630 ha', 292_630],
    ['0.10 Ha.', 0.1],
    ['533 hectares', 533],
    ['1 hectare', 1],
    ['0 ha', 0],
    ['0 ha, 12 ha', 12],
  ])('reads %j as %d', (text, expected) => {
    expect(hectaresFromText(text)).toBe(expected);
  });

  it.each(['Small', 'Unknown', 'Not Available', '44.444', '12 km', ''])('reads no size in %j', (text) => {
    expect(hectaresFromText(text)).toBeNull();
  });

  it('prefers the numeric size_ha, then a size text with a unit, and ignores unitless area_burnt', () => {
    expect(hectaresFromDetails({ size_ha: 44.444, size: '44.444' })).toBe(44.444);
    expect(hectaresFromDetails({ size: '1,234 ha' })).toBe(1234);
    expect(hectaresFromDetails({ size: 'Small' })).toBeNull();
    expect(hectaresFromDetails({ area_burnt: 120 })).toBeNull();
    expect(hectaresFromDetails({ size_ha: -1, size: '5 ha' })).toBeNull();
    expect(hectaresFromDetails({ size_ha: Number.NaN })).toBeNull();
    expect(hectaresFromDetails({})).toBeNull();
  });
});

describe('cluster members from records', () => {
  it('maps a record to a member', () => {
    expect(clusterMemberFromRecord(makeRecord('1'))).toEqual({
      id: 'nsw-rfs-1',
      lat: -33.7,
      lng: 150.5,
      eventType: 'bushfire',
      eventCategory: 'fire',
      state: 'nsw',
      agency: 'rfs',
      suburb: 'Sampleton',
      severity: 'Minor',
      warningLevel: 'advice',
      reportedAt: '2026-11-20T09:00:00+11:00',
      updatedAt: '2026-11-20T10:00:00+11:00',
      hectares: 5,
    });
  });

  it('places a member in the state it lies in, else the publishing agency’s', () => {
    const inAct = makeIncident('2');
    inAct.location = { ...inAct.location, state: 'ACT' };
    expect(clusterMemberFromRecord(makeRecord('2', { location: inAct.location }))?.state).toBe('act');
    const unknown = { ...inAct.location, state: 'Oaks Estate' };
    expect(clusterMemberFromRecord(makeRecord('3', { location: unknown }))?.state).toBe('nsw');
  });

  it('has no member for a record without coordinates', () => {
    const {
      latitude: _lat,
      longitude: _lng,
      precision: _precision,
      ...location
    } = makeIncident('4').location;
    expect(clusterMemberFromRecord(makeRecord('4', { geometry: null, location }))).toBeNull();
  });

  it('keeps live point incidents in a clustered status only', () => {
    const records = [
      makeRecord('active'),
      makeRecord('controlled', { status: 'controlled' }),
      makeRecord('safe', { status: 'safe' }),
      makeRecord('completed', { status: 'completed' }),
      makeRecord('retracted', { retraction: { retracted: true, retractedAt: '2026-11-20T11:00:00+11:00' } }),
      { ...makeRecord('area'), id: 'nsw-rfs-area-area', feature_type: 'incident_area' as const },
    ];
    const members = clusterMembersFromRecords(records, DEFAULT_CLUSTERING_CONFIG);
    expect(members.map((m) => m.id)).toEqual(['nsw-rfs-active', 'nsw-rfs-controlled']);
  });
});
