import { describe, expect, it } from 'vitest';
import { parseEsaTime } from '../../../sources/act/esa-fields.js';
import { eventTypeOf, statusOf, warningLevelOf } from '../../../sources/act/esa-vocabulary.js';
import {
  parseGeoRssPoint,
  positionFromLatLng,
  positionsFromLatLngObjects,
} from '../../../sources/common/lat-lng-fields.js';

describe('ACT ESA vocabulary', () => {
  it('maps every CAD type FEEDS.md lists (section 9)', () => {
    const types: [string, string][] = [
      ['AMBULANCE RESPONSE', 'medical'],
      ['HAZARD REDUCTION BURN', 'burn_off'],
      ['STORM OR TREE DAMAGE', 'storm'],
      ['MOTOR VEHICLE ACCIDENT', 'vehicle_accident'],
      ['ELECTRICAL THREAT OR POWER LINES DOWN', 'other'],
      ['HOUSE FIRE', 'structure_fire'],
      ['STRUCTURE FIRE', 'structure_fire'],
      ['GRASS AND BUSH FIRE', 'bushfire'],
      ['PEDESTRIAN-PUSHBIKE-E-SCOOTER ACCIDENT', 'vehicle_accident'],
      ['CAR FIRE', 'vehicle_fire'],
      ['RUBBISH FIRE', 'other'],
      ['FLOOD DAMAGE', 'flood'],
      ['ANIMAL RESCUE', 'rescue'],
      ['HAZMAT INCIDENT', 'hazmat'],
      ['GAS PIPELINE INCIDENT', 'hazmat'],
      ['HEATWAVE', 'extreme_heat'],
      ['LPG CYLINDER INCIDENT', 'hazmat'],
      ['TRANSPORT FIRE', 'vehicle_fire'],
      ['SOUTHCARE RESPONSE', 'medical'],
      ['LANDFILL TIP FIRES', 'other'],
      ['INDUSTRIAL RESCUE', 'rescue'],
      ['STRUCTURAL COLLAPSE', 'rescue'],
      ['CUSTODIAL ESTABLISHMENT FIRE', 'structure_fire'],
      ['CONFINED SPACE RESCUE', 'rescue'],
      ['RAIL ACCIDENT', 'vehicle_accident'],
      ['TRENCH COLLAPSE RESCUE', 'rescue'],
      ['VERTICAL  RESCUE', 'rescue'],
      // 2013 qualifiers and other rescues.
      ['HOUSE FIRE (NO INJURIES)', 'structure_fire'],
      ['Water Rescue', 'rescue'],
    ];
    expect(types.map(([type]) => [type, eventTypeOf(type)])).toEqual(types);
    expect(eventTypeOf('BOUNCY CASTLE ADRIFT')).toBeUndefined();
  });

  it('maps warning levels case-insensitively, empty meaning none', () => {
    expect(warningLevelOf('Advice')).toBe('advice');
    expect(warningLevelOf('WATCH AND ACT')).toBe('watch_and_act');
    expect(warningLevelOf('Emergency Warning')).toBe('emergency_warning');
    expect(warningLevelOf('Not applicable')).toBe('none');
    expect(warningLevelOf('')).toBe('none');
    expect(warningLevelOf('Code Red')).toBeUndefined();
    expect(statusOf('out / COMPLETED')).toBe('completed');
    expect(statusOf('Gone fishing')).toBeUndefined();
  });

  it('reads ESA times in Sydney time whatever the label, and nothing else', () => {
    expect(parseEsaTime('09 Jan 2026 16:29:11')).toBe('2026-01-09T16:29:11+11:00');
    expect(parseEsaTime('21 Feb 2024 20:29:08.747')).toBe('2024-02-21T20:29:08+11:00');
    expect(parseEsaTime('25 Sep 2013 04:07:00 EST')).toBe('2013-09-25T04:07:00+10:00');
    expect(parseEsaTime('15 Dec 2013 04:07:00 EST')).toBe('2013-12-15T04:07:00+11:00');
    expect(parseEsaTime('9 Jan 2026 15:48')).toBe('2026-01-09T15:48:00+11:00');
    expect(parseEsaTime('2026-01-09T15:48:00')).toBeUndefined();
    expect(parseEsaTime('')).toBeUndefined();
  });
});

describe('lat/lng field readers', () => {
  it('reads numbers and numeric strings latitude first, and refuses blanks, junk, 0,0 and out-of-range values', () => {
    expect(positionFromLatLng('-35.32908499', '149.23077599')).toEqual([149.23077599, -35.32908499]);
    expect(positionFromLatLng(-35.3, 149.1)).toEqual([149.1, -35.3]);
    expect(positionFromLatLng('', '')).toBeUndefined();
    expect(positionFromLatLng('-35.3', 'east')).toBeUndefined();
    expect(positionFromLatLng('0', '0')).toBeUndefined();
    // Swapped: a latitude of 149.1 is out of range, so nothing comes back.
    expect(positionFromLatLng('149.1', '-35.3')).toBeUndefined();
    expect(positionFromLatLng('-95', '149')).toBeUndefined();
  });

  it('reads {lat,lng} lists and GeoRSS points', () => {
    expect(
      positionsFromLatLngObjects([
        { lat: -35.1, lng: 150.6 },
        { lat: '-35.2', lng: '150.7' },
        { lat: 'x' },
        3,
      ]),
    ).toEqual([
      [150.6, -35.1],
      [150.7, -35.2],
    ]);
    expect(positionsFromLatLngObjects('nope')).toEqual([]);
    expect(parseGeoRssPoint('-35.3194068315253 149.145134320072')).toEqual([
      149.145134320072, -35.3194068315253,
    ]);
    expect(parseGeoRssPoint(' -35.3  149.1 ')).toEqual([149.1, -35.3]);
    expect(parseGeoRssPoint('-35.3')).toBeUndefined();
    expect(parseGeoRssPoint(undefined)).toBeUndefined();
  });
});
