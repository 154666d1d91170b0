import type { Position } from '../../model/index.js';
import { tickTime, visibleWindow, type FormatGenerator, type RenderOptions } from './types.js';
import { draws } from './draws.js';
import { prng } from '../random.js';
import { ringAround } from './rings.js';

/**
 * Synthetic Emergency WA API v1 documents (`{"incidents": […]}`, `{"warnings": […]}`) in the shape
 * FEEDS.md section 6 lists ([peer]: no real sample exists), with made-up places, names and
 * coordinates inside WA. Each pool entry is derived from (seed, index) alone, so a render costs
 * O(count) whatever the tick. Deterministic for given options.
 */

const PERTH_OFFSET_MS = 8 * 3_600_000;
const SYLLABLES = 'wa ling ga roo tup mer bin dar kul yen nup pa jar min go bal'.split(' ');
const ROADS = ['Rd', 'Lane', 'Track', 'Brook Rd', 'Hill Rd', 'Fire Break'];
const REGIONS = [
  'SOUTH WEST',
  'GREAT SOUTHERN',
  'GOLDFIELDS MIDLANDS',
  'MIDWEST GASCOYNE',
  'METRO SOUTH EAST',
];

/** Incident types with the status sequence they go through, tick by tick. */
const INCIDENT_TYPES: ReadonlyArray<readonly [type: string, statuses: readonly string[]]> = [
  ['Bushfire', ['Responding', 'On Scene', 'Contained', 'Controlled']],
  ['Bushfire', ['Responding', 'Active', 'Contained', 'Monitoring', 'Safe']],
  ['Burn Off', ['Active', 'Monitoring']],
  ['Prescribed Burn', ['Active', 'Monitoring', 'Controlled']],
  ['Structure Fire', ['Responding', 'On Scene', 'Controlled']],
  ['Vehicle Fire', ['Responding', 'On Scene', 'Safe']],
  ['Active Alarm', ['Responding', 'On Scene', 'Safe']],
  ['Road Crash', ['Responding', 'On Scene', 'Safe']],
  ['Storm Damage', ['Responding', 'Monitoring']],
  ['Fuel Leak', ['Responding', 'On Scene', 'Contained', 'Safe']],
  ['Smell of Gas', ['Responding', 'On Scene']],
  ['Rescue', ['Responding', 'On Scene', 'Safe']],
  ['Flood', ['Active', 'Monitoring']],
  ['Fire', ['Responding', 'On Scene', 'Controlled']],
  ['Incident', ['Responding', 'Monitoring']],
];

/** Warning hazards, the CAP category DFES would give them, and how their level moves. */
const WARNING_KINDS: ReadonlyArray<
  readonly [hazard: string, capCategory: string, levels: readonly string[]]
> = [
  [
    'Bushfire',
    'Fire',
    ['Advice', 'Watch and Act', 'Emergency Warning', 'Watch and Act', 'Advice', 'All Clear'],
  ],
  ['Bushfire', 'Fire', ['Watch and Act', 'Advice', 'All Clear']],
  ['Flood', 'Met', ['Advice', 'Watch and Act', 'Advice', 'All Clear']],
  ['Storm', 'Met', ['Watch and Act', 'All Clear']],
  ['Cyclone', 'Met', ['Advice', 'Watch and Act', 'Emergency Warning', 'All Clear']],
  ['Heatwave', 'Met', ['Advice', 'Watch and Act']],
  ['Hazardous Materials', 'Env', ['Advice', 'All Clear']],
];

interface Place {
  suburb: string;
  lga: string;
  region: string;
  street: string;
  lng: number;
  lat: number;
}

function placeOf(random: () => number): Place {
  const { pick, word: drawWord } = draws(random);
  const word = (): string => drawWord(SYLLABLES).toUpperCase();
  const suburb = word();
  return {
    suburb,
    lga: `${random() < 0.7 ? 'SHIRE' : 'CITY'} OF ${word()}`,
    region: pick(REGIONS),
    street: `${Math.floor(1 + random() * 400)} ${word()} ${pick(ROADS)}`.toUpperCase(),
    // Inland south-west WA (wheatbelt and goldfields), clear of the coast and the borders.
    lng: 116.3 + random() * 5,
    lat: -33.2 + random() * 6,
  };
}

/**
 * Where a record stands in its sequence of `length` steps after `age` ticks: it enters at a random
 * step short of the last (so a document shows every stage) and moves one step every `pace` ticks
 * (1–12, so that a long-running feed keeps changing); `changedAfter` is how many ticks after its
 * first appearance it last changed, which dates its last update.
 */
function progress(length: number, age: number, random: () => number): { step: number; changedAfter: number } {
  const entry = Math.floor(random() * Math.max(1, length - 1));
  const pace = 1 + Math.floor(random() * 12);
  const step = Math.min(entry + Math.floor(age / pace), length - 1);
  return { step, changedAfter: (step - entry) * pace };
}

/** A closed ring a few kilometres across around a point. */
function areaAround(lng: number, lat: number, random: () => number): Position[] {
  const vertices = 5 + Math.floor(random() * 5);
  return ringAround(lng, lat, vertices, () => 0.01 + random() * 0.04);
}

/** Perth time with its offset (no DST in WA), or UTC with `Z` and milliseconds: both occur in ISO feeds. */
function isoTime(date: Date, utc: boolean): string {
  if (utc) return date.toISOString();
  return `${new Date(date.getTime() + PERTH_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

export interface SyntheticWaIncident {
  id: string;
  cadId: string;
  type: string;
  status: string;
  place: Place;
  /** Burnt-area rings, when the incident has any. */
  rings: Position[][];
  started: Date;
  updated: Date;
  utcTimes: boolean;
}

export interface SyntheticWaWarning {
  id: string;
  hazard: string;
  level: string;
  capCategory: string;
  place: Place;
  rings: Position[][];
  published: Date;
  updated: Date;
  utcTimes: boolean;
}

/** The incidents visible at `options.tick`: statuses move one step per tick of age. */
export function syntheticWaIncidents(options: RenderOptions): SyntheticWaIncident[] {
  return visibleWindow(options).map(({ index, age, firstTick }) => {
    const random = prng(options.seed * 7_919 + index * 104_729 + 1);
    const [type, statuses] = INCIDENT_TYPES[Math.floor(random() * INCIDENT_TYPES.length)]!;
    const { step, changedAfter } = progress(statuses.length, age, random);
    const place = placeOf(random);
    const rings =
      /fire|burn/i.test(type) && random() < 0.3
        ? Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
            areaAround(place.lng + (random() - 0.5) * 0.05, place.lat + (random() - 0.5) * 0.05, random),
          )
        : [];
    return {
      id: String(5_000_000 + index),
      cadId: String(800_000 + index),
      type,
      status: statuses[step]!,
      place,
      rings,
      started: tickTime(options, firstTick),
      updated: tickTime(options, firstTick + changedAfter),
      utcTimes: random() < 0.25,
    };
  });
}

/** The warnings visible at `options.tick`: levels move one step per tick of age. */
export function syntheticWaWarnings(options: RenderOptions): SyntheticWaWarning[] {
  return visibleWindow(options).map(({ index, age, firstTick }) => {
    const random = prng(options.seed * 6_151 + index * 92_821 + 2);
    const [hazard, capCategory, levels] = WARNING_KINDS[Math.floor(random() * WARNING_KINDS.length)]!;
    const { step, changedAfter } = progress(levels.length, age, random);
    const place = placeOf(random);
    const rings = random() < 0.85 ? [areaAround(place.lng, place.lat, random)] : [];
    if (rings.length > 0 && random() < 0.2) rings.push(areaAround(place.lng + 0.1, place.lat - 0.1, random));
    return {
      id: String(9_000_000 + index),
      hazard,
      level: levels[step]!,
      capCategory,
      place,
      rings,
      published: tickTime(options, firstTick),
      updated: tickTime(options, firstTick + changedAfter),
      utcTimes: random() < 0.25,
    };
  });
}

const styled = (id: string, geometry: object, properties: Record<string, unknown>): object => ({
  type: 'Feature',
  id,
  geometry,
  properties,
});

/** How the map draws a record: its marker (`<id>-<marker>`) and the style of its areas. */
interface MapStyle {
  marker: string;
  icon: string;
  area: Record<string, unknown>;
}

const WARNING_STYLE: Omit<MapStyle, 'icon'> = {
  marker: 'marker',
  area: { 'stroke-width': 1, fill: '#ffcc00', stroke: '#ffcc00', 'fill-opacity': 0.25 },
};
const INCIDENT_STYLE: Omit<MapStyle, 'icon'> = {
  marker: 'point',
  area: { 'stroke-width': 2, fill: '#000000', stroke: '#cc0000', 'fill-opacity': 0.3 },
};

/** A record's `geo-source`: its marker at the place, then each ring as a polygon (`<id>-area-<i>`). */
function geoSource(id: string, style: MapStyle, place: Place, rings: Position[][]): object {
  const features = [
    styled(
      `${id}-${style.marker}`,
      { type: 'Point', coordinates: [place.lng, place.lat] },
      { 'icon-name': style.icon },
    ),
    ...rings.map((ring, i) =>
      styled(`${id}-area-${i}`, { type: 'Polygon', coordinates: [ring] }, style.area),
    ),
  ];
  return { type: 'FeatureCollection', features };
}

export function renderWaIncidents(incidents: SyntheticWaIncident[]): string {
  return JSON.stringify({
    incidents: incidents.map((incident) => {
      const { place } = incident;
      const icon = incident.type.toLowerCase().replace(/\s+/g, '-');
      return {
        id: incident.id,
        'cad-id': incident.cadId,
        name: `${incident.type} - ${place.suburb}`,
        'incident-type': incident.type,
        'incident-status': incident.status,
        'incident-icon': icon,
        entityType: 'incident',
        entitySubType: icon,
        'publishing-status': 'published',
        event: null,
        suburbs: [place.suburb],
        lga: [place.lga],
        'dfes-regions': [place.region],
        location: { latitude: place.lat, longitude: place.lng, value: `${place.street}, ${place.suburb}` },
        'nearest-cross-street': { value: `${place.suburb} RD` },
        'start-date-time': isoTime(incident.started, incident.utcTimes),
        'updated-date-time': isoTime(incident.updated, incident.utcTimes),
        'published-date-time': isoTime(incident.updated, incident.utcTimes),
        'geo-source': geoSource(incident.id, { ...INCIDENT_STYLE, icon }, place, incident.rings),
      };
    }),
  });
}

export function renderWaWarnings(warnings: SyntheticWaWarning[]): string {
  return JSON.stringify({
    warnings: warnings.map((warning, index) => {
      const { place } = warning;
      const warningType = `${warning.hazard} ${warning.level}`;
      return {
        id: warning.id,
        headline: `${warningType} for parts of ${place.suburb} in the ${place.lga}`,
        'warning-type': warningType,
        'action-statement': `<p>${warning.level === 'All Clear' ? 'Return with care' : 'Stay alert and keep up to date'}.</p>`,
        'cap-category': warning.capCategory,
        'sorting-priority': index % 4,
        suburbs: [place.suburb],
        lga: [place.lga],
        'published-date-time': isoTime(warning.published, warning.utcTimes),
        updatedAt: isoTime(warning.updated, warning.utcTimes),
        'geo-source': geoSource(warning.id, { ...WARNING_STYLE, icon: 'warning' }, place, warning.rings),
      };
    }),
  });
}

export const WA_GENERATORS: readonly FormatGenerator[] = [
  {
    format: 'wa-dfes-v1-incidents-json',
    contentType: 'application/json',
    render: (options) => renderWaIncidents(syntheticWaIncidents(options)),
  },
  {
    format: 'wa-dfes-v1-warnings-json',
    contentType: 'application/json',
    render: (options) => renderWaWarnings(syntheticWaWarnings(options)),
  },
];
