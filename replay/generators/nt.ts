import { tickTime, visibleWindow, type FormatGenerator, type RenderOptions } from './types.js';
import { draws, type Draws } from './draws.js';
import { prng } from '../random.js';

/**
 * Synthetic NT PFES incident map documents (FEEDS.md section 8) with made-up places and coordinates:
 * the fire incident map JSON (`coordinate` as a "lat, lon" string, ISO times with +09:30 and a
 * DD/MM/YYYY HH:mm display copy, planned burns under category "advice", closed incidents kept on the map)
 * and the warnings JSON (fire-danger areas by `area_code`/`area_name`, as a peer describes them).
 * Entry k of a pool is a pure function of (seed, k), so a render costs O(count) whatever the tick; each
 * tick one entry ends and one starts (visibleWindow) and incidents close after a few ticks.
 */

const MINUTE = 60_000;
/** Darwin is UTC+09:30 all year (no DST): plain arithmetic (luxon costs ~0.1 ms a call). */
const DARWIN_OFFSET_MS = 570 * MINUTE;

const SYLLABLES = 'gar ni bul wa ka lin dor mu ra jil pa ton ye bar ku'.split(' ');
const ROADS = ['RD', 'CCT', 'CT', 'DR', 'HWY', 'TCE', 'PL', 'AV'];
/** Land boxes inside the Northern Territory: [west, east, south, north]. */
const AREAS: readonly (readonly [number, number, number, number])[] = [
  [130.9, 131.3, -12.75, -12.45],
  [132.15, 132.4, -14.6, -14.35],
  [133.75, 133.95, -23.8, -23.6],
  [131.5, 133.5, -17.5, -15.0],
];

/** The map's category/eventtype pairs, weighted roughly as the 2020 sample. */
interface Kind {
  category: string;
  eventtype: string;
  /** Ticks an incident stays active before it closes. */
  lifetime: number;
}
const KINDS: readonly Kind[] = [
  { category: 'advice', eventtype: 'Permit Burn', lifetime: 3 },
  { category: 'advice', eventtype: 'Permit Burn', lifetime: 3 },
  { category: 'advice', eventtype: 'Permit Burn', lifetime: 2 },
  { category: 'advice', eventtype: 'Strategic Burn', lifetime: 4 },
  { category: 'fire', eventtype: 'Grass and Scrub Fire', lifetime: 3 },
  { category: 'fire', eventtype: 'Grass and Scrub Fire', lifetime: 2 },
  { category: 'fire', eventtype: 'Vehicle Fire', lifetime: 1 },
  { category: 'fire', eventtype: 'Structure Fire', lifetime: 1 },
  { category: 'fire', eventtype: 'Non Structure Fire', lifetime: 1 },
  { category: 'alarm', eventtype: 'Automatic Fire Alarm', lifetime: 1 },
  { category: 'alarm', eventtype: 'Alarm Bells Ringing', lifetime: 1 },
  { category: 'other', eventtype: 'Rescue', lifetime: 1 },
  { category: 'other', eventtype: 'Power Lines Down', lifetime: 2 },
  { category: 'roadcrash', eventtype: 'Road Crash', lifetime: 1 },
];
const DISTRICTS = [
  'Pretend Coast',
  'Imaginary Plains',
  'Fictional Ranges',
  'Sample Tablelands',
  'Madeup Basin',
];

export interface NtSyntheticIncident {
  kind: Kind;
  /** Upper case, as the map writes it; sometimes a single place name. */
  location: string;
  lat: number;
  lng: number;
  /** "lat, lon" with 11 decimals. */
  coordinate: string;
  alertLevel: string;
  /** Seconds before its first tick that the incident was notified. */
  leadSeconds: number;
}

function name({ word }: Draws): string {
  return word(SYLLABLES).toUpperCase();
}

export function ntIncident(seed: number, index: number): NtSyntheticIncident {
  const random = prng(seed, index);
  const draw = draws(random);
  const { pick } = draw;
  const [west, east, south, north] = pick(AREAS);
  const lat = Number((south + random() * (north - south)).toFixed(11));
  const lng = Number((west + random() * (east - west)).toFixed(11));
  const kind = pick(KINDS);
  const place = name(draw);
  const location = random() < 0.15 ? place : `${name(draw)} ${pick(ROADS)}, ${place}`;
  // Everything on the map is "Advice"; now and then a grass fire gets a real warning.
  const alertLevel =
    kind.category === 'fire' && random() < 0.1 ? pick(['Watch and Act', 'Emergency Warning']) : 'Advice';
  return {
    kind,
    location,
    lat,
    lng,
    coordinate: `${lat.toFixed(11)}, ${lng.toFixed(11)}`,
    alertLevel,
    leadSeconds: Math.floor(random() * 4 * 3600),
  };
}

/** An incident as one render shows it. */
export interface NtVisibleIncident extends NtSyntheticIncident {
  notified: Date;
  closed?: Date;
  lastUpdate: Date;
}

export function ntVisibleIncidents(options: RenderOptions): NtVisibleIncident[] {
  return visibleWindow(options).map(({ index, age, firstTick, firstListedTick }) => {
    const incident = ntIncident(options.seed, index);
    // The feed has no ids: the parser makes one of the notified time, so a listing again keeps its first.
    const notified = new Date(tickTime(options, firstListedTick).getTime() - incident.leadSeconds * 1000);
    const visible: NtVisibleIncident = { ...incident, notified, lastUpdate: notified };
    if (age >= incident.kind.lifetime) {
      // Closed a few seconds into the tick it closes on, then kept on the map.
      const closed = new Date(tickTime(options, firstTick + incident.kind.lifetime).getTime() + 17_000);
      visible.closed = closed;
      visible.lastUpdate = closed;
    } else if (age > 0) {
      visible.lastUpdate = tickTime(options, firstTick + age);
    }
    return visible;
  });
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
const darwin = (date: Date): Date => new Date(date.getTime() + DARWIN_OFFSET_MS);

/** `2020-05-04T23:47:52+09:30`. */
function darwinIso(date: Date, fractionDigits = ''): string {
  return `${darwin(date).toISOString().slice(0, 19)}${fractionDigits}+09:30`;
}

/** `04/05/2020 23:47`. */
export function darwinDisplay(date: Date): string {
  const local = darwin(date);
  return (
    `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`
  );
}

function renderIncidents(options: RenderOptions): string {
  const incidents = ntVisibleIncidents(options).map((incident) => {
    const status = incident.closed ? 'closed' : 'active';
    return {
      category: incident.kind.category,
      eventtype: incident.kind.eventtype,
      location: incident.location,
      geometry: 'point',
      coordinate: incident.coordinate,
      datenotified: darwinIso(incident.notified),
      dateclosed: incident.closed ? darwinIso(incident.closed) : null,
      status,
      properties: {
        'Fire Type': incident.kind.eventtype,
        Location: incident.location,
        Status: incident.closed ? 'Closed' : 'Active',
        'Alert Level': incident.alertLevel,
        'Responsible Agency': 'NTFRS',
        'Last Update': darwinDisplay(incident.lastUpdate),
        Notified: darwinDisplay(incident.notified),
        Closed: incident.closed ? darwinDisplay(incident.closed) : '',
      },
    };
  });
  const document = {
    title: 'NT Fire Incident Map',
    lastupdated: darwinIso(tickTime(options, options.tick)),
    incidents,
  };
  // Pretty-printed with CRLF line ends, as served.
  return JSON.stringify(document, null, 2).replace(/\n/g, '\r\n');
}

export interface NtSyntheticWarning {
  area_code: string;
  area_name: string;
}

export function ntWarning(seed: number, index: number): NtSyntheticWarning {
  const draw = draws(prng(seed ^ 0x5bd1e995, index));
  return { area_code: `NT${pad(index + 1, 4)}`, area_name: `${name(draw)} ${draw.pick(DISTRICTS)}` };
}

function renderWarnings(options: RenderOptions): string {
  const warnings = visibleWindow(options).map(({ index }) => ntWarning(options.seed, index));
  const document = {
    title: 'Warnings/Hazards',
    // Seven fractional digits, as the 2020 sample.
    lastupdated: darwinIso(tickTime(options, options.tick), '.9390182'),
    warnings,
  };
  return JSON.stringify(document, null, 2);
}

export const NT_GENERATORS: readonly FormatGenerator[] = [
  { format: 'nt-pfes-incidents-json', contentType: 'application/json', render: renderIncidents },
  { format: 'nt-pfes-warnings-json', contentType: 'application/json', render: renderWarnings },
];
