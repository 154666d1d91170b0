import { DateTime } from 'luxon';
import { STATE_TIME_ZONES, type Position } from '../../model/index.js';
import { capitalised, draws } from './draws.js';
import { prng } from '../random.js';
import { polygonsAround } from './rings.js';

/**
 * Synthetic NSW RFS majorIncidents.json documents: the real shape and vocabulary (FEEDS.md section 2),
 * made-up places, titles and coordinates. Deterministic for a given seed.
 */

export interface SyntheticIncident {
  id: number;
  title: string;
  alertLevel: string;
  status: string;
  type: string;
  location: string;
  councilArea: string;
  lng: number;
  lat: number;
  /** Fire-area polygons (rings of [lng, lat]); rendered as a nested GeometryCollection. */
  polygons?: Position[][][];
  sizeHa: number;
  updated: Date;
}

const ZONE = STATE_TIME_ZONES.nsw;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const ALERT_LEVELS = [
  'Advice',
  'Advice',
  'Not Applicable',
  'Not Applicable',
  'Watch and Act',
  'Emergency Warning',
  'Planned Burn',
];
const STATUSES = [
  'Under control',
  'Under control',
  'Being controlled',
  'Out of control',
  'Under Control',
  'Out of Control',
];
const TYPES = [
  'Bush Fire',
  'Bush Fire',
  'Grass Fire',
  'Hazard Reduction',
  'Burn off',
  'Structure Fire',
  'Haystack fire',
  'Vehicle/Equipment Fire',
  'MVA/Transport',
  'HAZMAT',
  'Search/Rescue',
  'Flood/Storm/Tree Down',
  'Fire Alarm',
  'Medical',
  'Assist Other Agency',
  'Other',
  'Scrub/Grass fire',
  'MVA (Motor vehicle accident)',
];
const NOT_FIRES = new Set([
  'MVA/Transport',
  'HAZMAT',
  'Search/Rescue',
  'Flood/Storm/Tree Down',
  'Medical',
  'Fire Alarm',
  'Assist Other Agency',
  'MVA (Motor vehicle accident)',
]);
const AGENCIES = [
  'Rural Fire Service',
  'Fire and Rescue NSW',
  'NSW National Parks and Wildlife Service',
  'Forest Corporation of NSW',
];
const SYLLABLES = 'wa lin ga ro tup mer bi dar kul yen no pa zel qui vo'.split(' ');
const ROADS = ['Rd', 'Lane', 'Trail', 'Creek Rd', 'Ridge Rd', 'Fire Trail'];

/** A year of updates, so both DST transitions are crossed. */
const FIRST_UPDATE = Date.UTC(2024, 0, 1);
const MINUTES_IN_SPAN = 366 * 24 * 60;
/** 15:00–17:00 UTC on 6 Apr 2024 is 02:00–03:00 in Sydney twice (DST ends): UPDATED alone is ambiguous. */
const REPEATED_HOUR_START = Date.UTC(2024, 3, 6, 15, 0);
const MINUTE = 60_000;

export function syntheticNswIncidents(count: number, seed: number): SyntheticIncident[] {
  const random = prng(seed);
  const { between, pick, word } = draws(random);
  const name = (): string => capitalised(word(SYLLABLES));

  return Array.from({ length: count }, (_, index) => {
    const suburb = name();
    const road = `${name()} ${pick(ROADS)}`;
    // Inland NSW: clear of the state borders, the ACT and the coast.
    const lng = between(145.5, 149.5);
    const lat = between(-35, -29.5);
    const updatedAt =
      index % 25 === 7
        ? Math.floor(random() * 120) * MINUTE + REPEATED_HOUR_START
        : Math.floor(random() * MINUTES_IN_SPAN) * MINUTE + FIRST_UPDATE;
    const incident: SyntheticIncident = {
      id: 900_000 + index,
      title: random() < 0.5 ? `${road}, ${suburb}` : `${suburb} ${random() < 0.5 ? 'Fire' : 'HR'}`,
      alertLevel: pick(ALERT_LEVELS),
      status: pick(STATUSES),
      type: pick(TYPES),
      location: `${Math.floor(between(1, 900))} ${road}, ${suburb}, NSW 2${Math.floor(between(100, 900))}`,
      councilArea: `${name()} ${random() < 0.3 ? 'Valley' : 'Shire'}`,
      lng,
      lat,
      sizeHa: Math.floor(between(0, 20_000)),
      updated: new Date(updatedAt),
    };
    if (random() < 0.15) incident.polygons = polygonsAround(lng, lat, 1 + Math.floor(random() * 4), random);
    return incident;
  });
}

// Dates are formatted by hand (luxon's toFormat doubles the cost at 10,000 incidents);
// luxon only supplies the DST-aware Sydney wall clock.
const pad = (value: number): string => String(value).padStart(2, '0');
const clock12 = (hour: number, minute: number): string => `${hour % 12 || 12}:${pad(minute)}`;
const meridiem = (hour: number): string => (hour < 12 ? 'AM' : 'PM');
const dayMonthYear = (local: DateTime): string => `${local.day} ${MONTHS[local.month - 1]} ${local.year}`;

/** `6/04/2024 3:46:00 PM`: UTC, day and hour unpadded. */
function pubDate(date: Date): string {
  const hour = date.getUTCHours();
  const day = `${date.getUTCDate()}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
  return `${day} ${clock12(hour, date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${meridiem(hour)}`;
}

/** The description's lines every RFS format writes first, from ALERT LEVEL to SIZE. */
export function descriptionHead(incident: SyntheticIncident): string[] {
  return [
    `ALERT LEVEL: ${incident.alertLevel}`,
    `LOCATION: ${incident.location}`,
    `COUNCIL AREA: ${incident.councilArea}`,
    `STATUS: ${incident.status}`,
    `TYPE: ${incident.type}`,
    `FIRE: ${NOT_FIRES.has(incident.type) ? 'No' : 'Yes'}`,
    `SIZE: ${incident.sizeHa} ha`,
  ];
}

function description(incident: SyntheticIncident, updated: DateTime): string {
  let text = `${descriptionHead(incident).join(' <br />')} <br />`;
  // As upstream: only warnings carry this line, whose key holds a date and which has no space before <br />.
  if (incident.alertLevel === 'Emergency Warning' || incident.alertLevel === 'Watch and Act') {
    const at = updated.minus({ minutes: 30 });
    const asAt = `${dayMonthYear(at)} ${clock12(at.hour, at.minute)}${meridiem(at.hour)}`;
    const url = `https://www.rfs.nsw.gov.au/fire-information/major-fire-updates/mfu?id=${incident.id}`;
    text += `MAJOR FIRE UPDATE AS AT ${asAt}: <a href='${url}' target='_blank'> More information</a><br />`;
  }
  const agency = AGENCIES[incident.id % AGENCIES.length] ?? 'Rural Fire Service';
  const updatedText = `${dayMonthYear(updated)} ${pad(updated.hour)}:${pad(updated.minute)}`;
  return `${text}RESPONSIBLE AGENCY: ${agency} <br />UPDATED: ${updatedText}`;
}

function geometry(incident: SyntheticIncident): object {
  const point = { type: 'Point', coordinates: [incident.lng, incident.lat] };
  if (!incident.polygons?.length) return point;
  const polygons = incident.polygons.map((coordinates) => ({ type: 'Polygon', coordinates }));
  return {
    type: 'GeometryCollection',
    geometries: [point, { type: 'GeometryCollection', geometries: polygons }],
  };
}

/** A majorIncidents.json body: pubDate in UTC without a marker, UPDATED in Sydney local time. */
export function renderNswMajorIncidents(incidents: SyntheticIncident[]): string {
  const features = incidents.map((incident) => ({
    type: 'Feature',
    geometry: geometry(incident),
    properties: {
      title: incident.title,
      link: 'https://www.rfs.nsw.gov.au/fire-information/fires-near-me',
      category: incident.alertLevel,
      guid: `https://incidents.rfs.nsw.gov.au/api/v1/incidents/${incident.id}`,
      guid_isPermaLink: 'true',
      pubDate: pubDate(incident.updated),
      description: description(incident, DateTime.fromJSDate(incident.updated, { zone: ZONE })),
    },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}
