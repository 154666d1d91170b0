import { DateTime } from 'luxon';
import { STATE_TIME_ZONES, type Position } from '../../model/index.js';
import { capitalised, draws, type Draws } from './draws.js';
import { prng } from '../random.js';
import { polygonsAround } from './rings.js';

/**
 * Synthetic VicEmergency events-geojson.json documents: the real shape and vocabulary (FEEDS.md
 * section 3): agency incidents with `Z` times, EMV cop-cap warnings with `+11:00` times, a `cap`
 * object and warning polygons, the odd BOM warning and NSW RFS cross-border copy. Places, titles,
 * numbers and coordinates are made up. Deterministic for a given seed.
 */

export type SyntheticVicKind = 'cfa' | 'frv' | 'ses' | 'esta' | 'ffmvic' | 'burn' | 'warning' | 'bom' | 'rfs';

export interface SyntheticWarning {
  /** `category1`: the AWS level as VicEmergency writes it. */
  level: string;
  /** `name`/`sourceTitle`: how the level is titled (`Watch & Act`). */
  name: string;
  cap: {
    category: string;
    event: string;
    eventCode: string;
    urgency: string;
    severity: string;
    certainty: string;
    senderName: string;
    responseType: string;
  };
  /** `status`: the CAP severity, or `All Clear`. */
  status: string;
  action: string | null;
  localities: string;
  incidentLocation: string;
}

export interface SyntheticVicEvent {
  kind: SyntheticVicKind;
  /** The agency's own number (`sourceId`); the id the parser serves derives from it. */
  sourceId: number;
  /** The CAD event number behind `ESTA:<n>` ids. */
  eventId: number;
  location: string;
  sourceTitle: string;
  category1: string;
  category2: string;
  status: string;
  lng: number;
  lat: number;
  /** Polygons (rings of [lng, lat]): warning areas, BOM areas or FFMVic fire areas. */
  polygons?: Position[][][];
  /** BOM collections put the point after the polygons. */
  pointLast?: boolean;
  sizeHa?: number;
  resources: number;
  created: Date;
  updated: Date;
  warning?: SyntheticWarning;
}

const MELBOURNE = STATE_TIME_ZONES.vic;
const SYDNEY = STATE_TIME_ZONES.nsw;
const MINUTE = 60_000;
/** A year of updates, so both DST transitions are crossed. */
const FIRST_UPDATE = Date.UTC(2024, 0, 1);
const MINUTES_IN_SPAN = 366 * 24 * 60;

/** The status each kind starts with, then moves through as it ages (see vic.ts). */
export const STATUS_PROGRESSIONS: Readonly<Record<SyntheticVicKind, readonly string[]>> = {
  cfa: ['Responding', 'Not Yet Under Control', 'Contained', 'Under Control', 'Safe'],
  frv: ['Responding', 'Not Yet Under Control', 'Under Control', 'Safe'],
  ses: ['Request For Assistance', 'Responding', 'On Scene', 'Complete'],
  esta: ['Responding', 'Unknown', 'Safe'],
  ffmvic: ['Not Yet Under Control', 'Contained', 'Under Control'],
  burn: ['In Progress', 'In Progress', 'Patrolled'],
  warning: [],
  bom: ['Warning'],
  rfs: ['Out Of Control', 'Being Controlled', 'Under Control'],
};

const CATEGORIES: Readonly<Record<SyntheticVicKind, readonly (readonly [string, string])[]>> = {
  cfa: [
    ['Fire', 'Bushfire'],
    ['Fire', 'Grass Fire'],
    ['Fire', 'Building Fire'],
    ['Fire', 'Non Structure Fire'],
    ['Fire', 'Other'],
    ['Accident / Rescue', 'Road Accident'],
    ['Hazardous Material', 'Hazardous Material'],
    ['Rescue', 'Rescue Persons Trapped'],
    ['Other', 'Other'],
  ],
  frv: [
    ['Fire', 'Structure Fire'],
    ['Fire', 'Non Structure Fire'],
    ['Rescue', 'Rescue Road Trap'],
    ['Hazardous Material', 'Gas Leaks'],
    ['Other', 'Other'],
  ],
  ses: [
    ['Tree Down', 'Tree Down'],
    ['Building Damage', 'Building Damage'],
    ['Flooding', 'Flooding'],
    ['Rescue', 'Rescue'],
    ['Other', 'Other'],
  ],
  esta: [
    ['Fire', 'Bushfire'],
    ['Fire', 'Non Structure Fire'],
    ['Tree Down', 'Tree Down'],
    ['Transport', 'Motor Vehicle Accident'],
  ],
  ffmvic: [['Fire', 'Bushfire']],
  burn: [['Planned Burn', 'Planned Burn']],
  warning: [],
  bom: [
    ['Met', 'Gale Wind'],
    ['Met', 'Strong Wind'],
    ['Met', 'Thunderstorm'],
  ],
  rfs: [
    ['Fire', 'Bushfire'],
    ['Fire', 'Grass Fire'],
  ],
};

/** The CAP triple and response VicEmergency pairs with each level (FEEDS.md 1.2). */
const LEVELS = [
  {
    level: 'Advice',
    name: 'Advice',
    severity: 'Minor',
    urgency: 'Expected',
    certainty: 'Unknown',
    response: 'Monitor',
  },
  {
    level: 'Watch and Act',
    name: 'Watch & Act',
    severity: 'Moderate',
    urgency: 'Immediate',
    certainty: 'Likely',
    response: 'Execute',
  },
  {
    level: 'Emergency Warning',
    name: 'Emergency Warning',
    severity: 'Extreme',
    urgency: 'Immediate',
    certainty: 'Likely',
    response: 'Execute',
  },
  {
    level: 'Community Update',
    name: 'Community Information',
    severity: 'Unknown',
    urgency: 'Unknown',
    certainty: 'Observed',
    response: 'None',
  },
] as const;
export type SyntheticLevel = (typeof LEVELS)[number];
export const ADVICE_LEVEL: SyntheticLevel = LEVELS[0];

const WARNING_EVENTS = [
  { category: 'Fire', event: 'Bushfire', eventCode: 'bushFire', sender: 'Country Fire Authority' },
  { category: 'Fire', event: 'Grass Fire', eventCode: 'grassFire', sender: 'Country Fire Authority' },
  { category: 'Met', event: 'Riverine Flood', eventCode: 'riverineflod', sender: 'State Emergency Service' },
  { category: 'Met', event: 'Flash Flood', eventCode: 'flashFlood', sender: 'State Emergency Service' },
  { category: 'Met', event: 'Extreme Heat', eventCode: 'extremeHeat', sender: 'Other Agencies' },
  { category: 'Env', event: 'Blue Green Algae', eventCode: 'blueGrnAlgae', sender: 'Other Agencies' },
] as const;
const ACTIONS: Readonly<Record<string, string | null>> = {
  Advice: 'Stay Informed',
  'Watch and Act': 'Prepare to Leave',
  'Emergency Warning': 'Leave Now',
  'Community Update': null,
};

const SYLLABLES = 'ko ran mur dal bee yan wil tor gen lup ara nim bo cel vra'.split(' ');
const ROADS = ['Rd', 'St', 'Lane', 'Track', 'Creek Rd', 'Hwy'];
const DIRECTIONS = ['N', 'Ne', 'E', 'Se', 'S', 'Sw', 'W', 'Nw', 'Wnw'];

/** Which kind the pool entry at `index` is: a steady mix, with the odd BOM warning and NSW copy. */
function kindOf(index: number, random: () => number): SyntheticVicKind {
  if (index % 40 === 39) return 'rfs';
  if (index % 50 === 23) return 'bom';
  const roll = random();
  if (roll < 0.3) return 'cfa';
  if (roll < 0.5) return 'ses';
  if (roll < 0.6) return 'frv';
  if (roll < 0.67) return 'esta';
  if (roll < 0.77) return 'ffmvic';
  if (roll < 0.85) return 'burn';
  return 'warning';
}

/** The draws a generator takes from its one PRNG, in order. */
interface VicDraws extends Pick<Draws, 'between' | 'pick'> {
  random: () => number;
  name: () => string;
}

/**
 * What each kind of record says beyond the common fields: its wording, size and areas. Its draws
 * follow the common fields' in the same order, so a seed gives the same records.
 */
function finishByKind(
  event: SyntheticVicEvent,
  { suburb, road, created }: { suburb: string; road: string; created: Date },
  { random, between, pick, name }: VicDraws,
): void {
  const { kind } = event;
  if (kind === 'ses') event.location = suburb;
  if (kind === 'ffmvic') {
    event.location = `${suburb} - ${road}`;
    event.sourceTitle = event.location;
    event.sizeHa = Math.round(between(0, 5_000) * 100) / 100;
    if (random() < 0.3)
      event.polygons = polygonsAround(event.lng, event.lat, 1 + Math.floor(random() * 2), random);
  }
  if (kind === 'burn') {
    event.location = `${Math.floor(between(1, 20))}Km ${pick(DIRECTIONS)} Of ${suburb}`;
    event.sourceTitle = `${suburb} - ${road}`;
    event.sizeHa = Math.round(between(0, 800) * 100) / 100;
  }
  if (kind === 'bom') {
    event.location = `${name()} Coast`;
    event.sourceTitle = `${event.category2} Warning`;
    event.polygons = polygonsAround(event.lng, event.lat, 1 + Math.floor(random() * 3), random);
    event.pointLast = true;
    // BOM warnings carry `created` only.
    event.updated = created;
  }
  if (kind === 'warning') {
    const level = pick(LEVELS);
    const hazard = pick(WARNING_EVENTS);
    event.category1 = level.level;
    event.category2 = hazard.category;
    event.polygons = polygonsAround(event.lng, event.lat, random() < 0.2 ? 2 : 1, random);
    event.warning = warningOf(level, hazard, `${suburb}, ${name()}, ${name()}`, event.location);
    event.status = event.warning.status;
  }
}

export function syntheticVicEvents(count: number, seed: number): SyntheticVicEvent[] {
  const random = prng(seed);
  const { between, pick, word } = draws(random);
  const name = (): string => capitalised(word(SYLLABLES));

  return Array.from({ length: count }, (_, index) => {
    const kind = kindOf(index, random);
    const suburb = name();
    const road = `${name()} ${pick(ROADS)}`;
    // Inland Victoria, clear of the borders and the coast; NSW copies sit north of the Murray.
    const lng = between(142, 147.5);
    const lat = kind === 'rfs' ? between(-34.8, -33.5) : between(-38.1, -36.3);
    const created = new Date(Math.floor(random() * MINUTES_IN_SPAN) * MINUTE + FIRST_UPDATE);
    const [category1, category2] = kind === 'warning' ? ['', ''] : pick(CATEGORIES[kind]);
    const event: SyntheticVicEvent = {
      kind,
      sourceId: 400_000 + index,
      eventId: 250_000_000 + index,
      location: `${road}, ${suburb}`,
      sourceTitle: road,
      category1,
      category2,
      status: STATUS_PROGRESSIONS[kind][0] ?? '',
      lng,
      lat,
      resources: Math.floor(between(0, 12)),
      created,
      updated: new Date(created.getTime() + Math.floor(between(0, 90)) * MINUTE),
    };
    finishByKind(event, { suburb, road, created }, { random, between, pick, name });
    return event;
  });
}

export function warningOf(
  level: SyntheticLevel,
  hazard: (typeof WARNING_EVENTS)[number],
  localities: string,
  incidentLocation: string,
): SyntheticWarning {
  return {
    level: level.level,
    name: level.name,
    cap: {
      category: hazard.category,
      event: hazard.event,
      eventCode: hazard.eventCode,
      urgency: level.urgency,
      severity: level.severity,
      certainty: level.certainty,
      senderName: hazard.sender,
      responseType: level.response,
    },
    status: level.severity,
    action: ACTIONS[level.level] ?? null,
    localities,
    incidentLocation,
  };
}

/** The warning a tick later: downgraded to Advice ("Threat Is Reduced"), then All Clear. */
export function easedWarning(warning: SyntheticWarning, allClear: boolean): SyntheticWarning {
  return {
    ...warning,
    level: ADVICE_LEVEL.level,
    name: allClear ? 'All Clear' : ADVICE_LEVEL.name,
    cap: {
      ...warning.cap,
      urgency: ADVICE_LEVEL.urgency,
      severity: ADVICE_LEVEL.severity,
      certainty: allClear ? 'Observed' : ADVICE_LEVEL.certainty,
      responseType: allClear ? 'AllClear' : ADVICE_LEVEL.response,
    },
    status: allClear ? 'All Clear' : ADVICE_LEVEL.severity,
    action: allClear ? null : 'Threat Is Reduced',
  };
}

/** `2026-01-09T19:42:51+11:00`: the wall clock of `zone` with its offset, as warnings and NSW copies write it. */
function isoWithOffset(date: Date, zone: string): string {
  return DateTime.fromJSDate(date, { zone }).toISO({ suppressMilliseconds: true }) ?? '';
}

function geometry(event: SyntheticVicEvent): object {
  const point = { type: 'Point', coordinates: [event.lng, event.lat] };
  if (!event.polygons?.length) return point;
  const polygons = event.polygons.map((coordinates) => ({ type: 'Polygon', coordinates }));
  return {
    type: 'GeometryCollection',
    geometries: event.pointLast ? [...polygons, point] : [point, ...polygons],
  };
}

function warningProperties(event: SyntheticVicEvent, warning: SyntheticWarning): Record<string, unknown> {
  const id = String(event.sourceId);
  const created = isoWithOffset(event.created, MELBOURNE);
  const moreInfo = `http://emergency.vic.gov.au/respond/#!/warning/${id}/moreinfo`;
  const headline = `${warning.name.toUpperCase()} - ${warning.cap.event.toUpperCase()}`;
  return {
    feedType: 'warning',
    cap: { ...warning.cap, contact: 'duty.officer@example.org' },
    sourceOrg: 'EMV',
    sourceId: id,
    sourceFeed: 'cop-cap',
    sourceTitle: warning.name,
    id,
    category1: warning.level,
    category2: warning.cap.category,
    status: warning.status,
    name: warning.name,
    action: warning.action,
    statewide: 'N',
    location: warning.localities,
    created,
    updated: isoWithOffset(event.updated, MELBOURNE),
    webHeadline: null,
    webBody:
      `<div style="margin-bottom:20px">This <b>${warning.name}</b> is being issued for&nbsp;` +
      `<span title="warning_locality" class="param">${warning.localities}</span>.</div>` +
      `<div><ul><li>There is a ${warning.cap.event.toLowerCase()} at&nbsp;${warning.incidentLocation}.</li>` +
      `<li>Monitor &quot;conditions&quot; &amp; stay informed.</li></ul></div>`,
    text:
      `${headline}${warning.action ? ` - ${warning.action}` : ''}\nIncident Location: ${warning.incidentLocation}\n\n` +
      `More details at ${moreInfo}\n\nThis ${warning.name} is being issued for ${warning.localities}.\n`,
    sizeFmt: null,
    incidentFeatures: [
      {
        properties: {
          feedType: 'incident',
          sourceOrg: 'EMV',
          sourceId: id,
          sourceFeed: 'cop-cap',
          sourceTitle: warning.name,
          id,
          category1: warning.cap.category === 'Fire' ? 'Fire' : 'Other',
          category2: warning.cap.event,
          name: warning.name,
          location: warning.incidentLocation,
          created,
          updated: isoWithOffset(event.updated, MELBOURNE),
          webHeadline: null,
          sizeFmt: null,
        },
      },
    ],
  };
}

function incidentProperties(event: SyntheticVicEvent): Record<string, unknown> {
  switch (event.kind) {
    case 'cfa':
      return cfaProperties(event);
    case 'frv':
      return frvProperties(event);
    case 'ses':
      return sesProperties(event);
    case 'esta':
      return estaProperties(event);
    case 'ffmvic':
    case 'burn':
      return deecaProperties(event);
    case 'bom':
      return bomProperties(event);
    case 'rfs':
      return rfsProperties(event);
    case 'warning':
      throw new Error('warnings are rendered by warningProperties');
  }
}

/** What every agency incident but BOM's carries, first. */
function commonIncidentProperties(event: SyntheticVicEvent) {
  return {
    feedType: 'incident',
    category1: event.category1,
    category2: event.category2,
    status: event.status,
    location: event.location,
    created: event.created.toISOString(),
    updated: event.updated.toISOString(),
  };
}

/** The ESTA CAD numbers the CFA, FRV, SES and ESTA incidents carry. */
function cadProperties(event: SyntheticVicEvent) {
  const estaId = 120_000_000 + event.sourceId;
  return { estaId, source: event.sourceId % 3 === 0 ? 'RADIO' : '000', eventId: event.eventId };
}

function cfaProperties(event: SyntheticVicEvent): Record<string, unknown> {
  return {
    ...commonIncidentProperties(event),
    ...cadProperties(event),
    sourceOrg: 'VIC/CFA',
    sourceId: event.sourceId,
    sourceFeed: 'cfa-incident',
    sourceTitle: event.sourceTitle,
    id: `ESTA:${event.eventId}`,
    suppress: false,
    resources: event.resources,
    cfaId: event.sourceId,
    size: 'Small',
    sizeFmt: 'Small',
  };
}

/** FRV's sourceId is its CAD event number, as a string. */
function frvProperties(event: SyntheticVicEvent): Record<string, unknown> {
  return {
    ...commonIncidentProperties(event),
    ...cadProperties(event),
    sourceOrg: 'VIC/FRV',
    sourceId: String(event.sourceId),
    sourceFeed: 'mfb-incident',
    sourceTitle: event.sourceTitle,
    id: `ESTA:${event.sourceId}`,
    resources: event.resources,
    mfbId: String(event.sourceId),
    size: 'Small',
    sizeFmt: 'Small',
  };
}

function sesProperties(event: SyntheticVicEvent): Record<string, unknown> {
  return {
    ...commonIncidentProperties(event),
    ...cadProperties(event),
    source: 'SES STRM',
    sourceOrg: 'VIC/SES',
    sourceId: event.sourceId,
    sourceFeed: 'ses-incident',
    sourceTitle: 'Undefined',
    id: `ESTA:${event.eventId}`,
    suppress: false,
    resources: event.resources,
    sesId: event.sourceId,
  };
}

/** CAD times carry milliseconds. */
function estaProperties(event: SyntheticVicEvent): Record<string, unknown> {
  return {
    ...commonIncidentProperties(event),
    ...cadProperties(event),
    eventId: `F${event.eventId}`,
    updated: new Date(event.updated.getTime() + 675).toISOString(),
    sourceOrg: 'VIC/ESTA',
    sourceId: event.sourceId,
    sourceFeed: 'esta-cad-event',
    sourceTitle: event.location.split(', ').at(-1) ?? event.location,
    id: `ESTA:${event.eventId}`,
    suppress: false,
    resources: 0,
  };
}

/** FFMVic fires and planned burns, both published by DEECA. */
function deecaProperties(event: SyntheticVicEvent): Record<string, unknown> {
  const size = (event.sizeHa ?? 0).toFixed(2);
  return {
    ...commonIncidentProperties(event),
    sourceOrg: 'VIC/DEECA',
    sourceId: event.sourceId,
    sourceFeed: event.kind === 'burn' ? 'deeca-burns' : 'deeca-incident',
    sourceTitle: event.sourceTitle,
    id: event.sourceId,
    resources: event.resources,
    size,
    sizeFmt: `${size} Ha.`,
  };
}

function bomProperties(event: SyntheticVicEvent): Record<string, unknown> {
  const product = `IDV20600/${event.sourceId.toString(16).padStart(32, '0')}`;
  return {
    feedType: 'incident',
    status: 'Warning',
    sourceOrg: 'AU/BOM',
    sourceId: product,
    sourceFeed: 'bom-idv20600',
    sourceTitle: event.sourceTitle,
    id: product,
    category1: event.category1,
    category2: event.category2,
    name: event.sourceTitle,
    created: event.created.toISOString(),
    webHeadline: event.sourceTitle,
    webBody: null,
    url: 'http://www.bom.gov.au/vic/warnings/marinewind.shtml',
    location: event.location,
  };
}

/** The NSW RFS cross-border copy: Sydney wall-clock times, and an id made of the update time. */
function rfsProperties(event: SyntheticVicEvent): Record<string, unknown> {
  return {
    ...commonIncidentProperties(event),
    sourceOrg: 'NSW/RFS',
    sourceId: String(event.sourceId),
    sourceFeed: 'rfs-cap',
    sourceTitle: event.location,
    id: `${DateTime.fromJSDate(event.updated, { zone: SYDNEY }).toFormat("yyyy-MM-dd'T'HH:mm:ss")}.0000000:${event.sourceId}`,
    name: event.location,
    created: isoWithOffset(event.created, SYDNEY),
    updated: isoWithOffset(event.updated, SYDNEY),
    webHeadline: 'Unknown',
    url: 'https://www.rfs.nsw.gov.au/fire-information/fires-near-me',
    sizeFmt: ['0 ha'],
  };
}

/** An events-geojson.json body: the features plus the top-level `properties` the real feed carries. */
export function renderVicEvents(events: SyntheticVicEvent[], lastUpdated: Date): string {
  const features = events.map((event) => ({
    type: 'Feature',
    geometry: geometry(event),
    properties: event.warning ? warningProperties(event, event.warning) : incidentProperties(event),
  }));
  return JSON.stringify({
    type: 'FeatureCollection',
    features,
    properties: {
      conditions: { fdr: {}, tfb: {} },
      forecasts: [],
      notices: [],
      lastUpdated: isoWithOffset(lastUpdated, MELBOURNE),
      featureCount: features.length,
    },
  });
}
