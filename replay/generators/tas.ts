import { epochToZonedIso, zoneOffsetMinutes } from '../../sources/common/cached-zone-offsets.js';
import { STATE_TIME_ZONES, type Position } from '../../model/index.js';
import { tickTime, visiblePoolEntries, type FormatGenerator, type RenderOptions } from './types.js';
import { capitalised, draws } from './draws.js';
import { prng } from '../random.js';
import { ringAround } from './rings.js';

/**
 * Synthetic Tasmanian documents in the agencies' real shapes (FEEDS.md section 7) with made-up places,
 * titles, numbers and coordinates: TasALERT data.geojson (incidents, and warnings with a nested incident
 * and its burnt area), the TFS bfKml incidents KML and the TFS alertKml alert areas. Deterministic for
 * a seed; each tick one incident ends and one starts (visibleWindow) and fire statuses progress.
 */

const ZONE = STATE_TIME_ZONES.tas;
const MINUTE = 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface SyntheticTasIncident {
  index: number;
  /** TFS incident number (bfKml Incident No, TasALERT id of the incident). */
  number: number;
  road: string;
  locality: string;
  /** TFS spelling, as in bfKml ("VEGETATION FIRE"); TasALERT uses it as `type.name`. */
  type: string;
  isFire: boolean;
  /** Status when the type does not progress (non-fires). */
  status: string;
  /** Alert level as bfKml writes it ("No Alert Level", "Advice"…). */
  alertLevel: string;
  lng: number;
  lat: number;
  sizeHa?: number;
  /** A burnt area, one closed ring of [lng, lat]. */
  ring?: Position[];
  /** TasALERT: published with a warning about it. */
  warned: boolean;
}

const TYPES: readonly { name: string; code: string; isFire: boolean }[] = [
  { name: 'VEGETATION FIRE', code: 'bushFire', isFire: true },
  { name: 'VEGETATION FIRE', code: 'bushFire', isFire: true },
  { name: 'GRASS FIRE', code: 'grassFire', isFire: true },
  { name: 'FUEL REDUCTION BURN', code: 'plannedBurn', isFire: true },
  { name: 'STRUCTURE FIRE', code: 'structurFire', isFire: true },
  { name: 'VEHICLE FIRE', code: 'vehicleFire', isFire: true },
  { name: 'ALARM', code: 'alarm', isFire: false },
  { name: 'FLOOD', code: 'flood', isFire: false },
  { name: 'STORM', code: 'storm', isFire: false },
  { name: 'TREE DOWN', code: 'treeDown', isFire: false },
];
const EVENT_CODES = new Map(TYPES.map((type) => [type.name, type.code]));
const OTHER_STATUSES = ['Going', 'Active', 'Investigating', 'Mobilised', 'Advised', 'Under Control'];
const ALERT_LEVELS = [
  'No Alert Level',
  'No Alert Level',
  'No Alert Level',
  'Advice',
  'Watch and Act',
  'Emergency Warning',
];
/** Fires: reported going, then not under control, brought under control, then patrolled. */
export const TAS_FIRE_PROGRESSION = ['Going', 'Not Under Control', 'Under Control', 'Patrol'];
const SYLLABLES = 'bry ton mel wa rin ga kel dor sha vin lo mar pen tu quo'.split(' ');
const ROAD_KINDS = ['Road', 'Lane', 'Track', 'Street', 'Tier Road', 'Highway'];

export function syntheticTasIncidents(count: number, seed: number): SyntheticTasIncident[] {
  const random = prng(seed ^ 0x7a5);
  const { between, pick, word: drawWord } = draws(random);
  const word = (): string => drawWord(SYLLABLES);

  return Array.from({ length: count }, (_, index) => {
    const type = pick(TYPES);
    // Inland Tasmania, clear of the coast.
    const lng = between(145.8, 147.9);
    const lat = between(-42.9, -41.3);
    const incident: SyntheticTasIncident = {
      index,
      number: 26_000_000 + index,
      road: `${capitalised(word())} ${pick(ROAD_KINDS)}`,
      locality: word().toUpperCase(),
      type: type.name,
      isFire: type.isFire,
      status: pick(OTHER_STATUSES),
      alertLevel: type.isFire ? pick(ALERT_LEVELS) : 'No Alert Level',
      lng,
      lat,
      warned: false,
    };
    if (type.isFire && random() < 0.6) incident.sizeHa = Math.round(between(0.1, 4000) * 1000) / 1000;
    if (type.isFire && random() < 0.3) incident.ring = burntArea(lng, lat, random);
    incident.warned = incident.alertLevel !== 'No Alert Level';
    return incident;
  });
}

/** A closed, roughly round ring a few kilometres across near the point. */
function burntArea(lng: number, lat: number, random: () => number): Position[] {
  const centreLng = lng + (random() - 0.5) * 0.02;
  const centreLat = lat + (random() - 0.5) * 0.02;
  const vertices = 5 + Math.floor(random() * 5);
  return ringAround(centreLng, centreLat, vertices, () => 0.004 + random() * 0.015);
}

/** One incident as a document shows it at a tick. */
export interface TasIncidentAtTick extends SyntheticTasIncident {
  currentStatus: string;
  /** The 000 call / first report. */
  reported: Date;
  updated: Date;
}

/** The window of incidents visible at a tick, statuses and times moved on. */
export function tasIncidentsAt(options: RenderOptions): TasIncidentAtTick[] {
  return visiblePoolEntries(options, syntheticTasIncidents).map(
    ({ entry: incident, index, age, firstTick }) => {
      const step = Math.min(age, TAS_FIRE_PROGRESSION.length - 1);
      const started = tickTime(options, firstTick);
      return {
        ...incident,
        currentStatus: incident.isFire ? TAS_FIRE_PROGRESSION[step]! : incident.status,
        // Called in a few minutes before it first shows; whole minutes, as bfKml writes them.
        reported: new Date(Math.floor(started.getTime() / MINUTE) * MINUTE - (5 + (index % 40)) * MINUTE),
        updated: tickTime(options, firstTick + step),
      };
    },
  );
}

/** Hobart wall-clock fields of an instant (read with getUTC*), DST-aware through cached offsets. */
const hobart = (date: Date): Date =>
  new Date(date.getTime() + (zoneOffsetMinutes(date.getTime(), ZONE) ?? 0) * MINUTE);
/** `2024-02-21T16:27:20+11:00`. */
const localIso = (date: Date): string => epochToZonedIso(date.getTime(), ZONE) ?? '';
/** `2024-02-21T05:29:00+00:00`. */
const utcOffsetIso = (date: Date): string => `${date.toISOString().slice(0, 19)}+00:00`;
const pad = (value: number): string => String(value).padStart(2, '0');

const ddMMyyyy = (date: Date): string => {
  const local = hobart(date);
  return `${pad(local.getUTCDate())}${pad(local.getUTCMonth() + 1)}${local.getUTCFullYear()}`;
};

// ---------------------------------------------------------------------------------------------------
// TasALERT data.geojson

const TASALERT_NOTICE =
  '<p>If there is any fire activity causing you concern, please report it by calling Triple Zero (000).</p>';
const SNAKE_CASE_LEVELS: Readonly<Record<string, string>> = {
  Advice: 'advice',
  'Watch and Act': 'watch_and_act',
  'Emergency Warning': 'emergency_warning',
};
/** TasALERT writes readable type names; the TFS capitals stay in the KML. */
const TASALERT_TYPE_NAMES: Readonly<Record<string, string>> = {
  'VEGETATION FIRE': 'Bushfire',
  'GRASS FIRE': 'Grass Fire',
  'FUEL REDUCTION BURN': 'Planned Burn',
  'STRUCTURE FIRE': 'Structure Fire',
  'VEHICLE FIRE': 'Vehicle Fire',
  ALARM: 'Alarm',
  FLOOD: 'Flood',
  STORM: 'Storm',
  'TREE DOWN': 'Tree Down',
};

export const tasAlertWarningId = (incident: SyntheticTasIncident): string => String(700_000 + incident.index);
export const tasAlertTypeName = (incident: SyntheticTasIncident): string =>
  TASALERT_TYPE_NAMES[incident.type] ?? incident.type;

function tasAlertType(incident: SyntheticTasIncident): object {
  return {
    name: tasAlertTypeName(incident),
    changed: '2022-06-23T23:46:39+00:00',
    eventCode: EVENT_CODES.get(incident.type) ?? 'other',
    eventIcon: incident.isFire ? 'fire' : 'other',
  };
}

function tasAlertIncidentProperties(incident: TasIncidentAtTick, nested: boolean): Record<string, unknown> {
  const id = String(incident.number);
  const properties: Record<string, unknown> = {
    id,
    title: `${incident.road}, ${incident.locality}`,
    created: utcOffsetIso(new Date(incident.reported.getTime() + 2 * MINUTE)),
    // Some `Z` with milliseconds, some `+00:00`: both occur upstream.
    changed: incident.index % 2 === 0 ? incident.updated.toISOString() : utcOffsetIso(incident.updated),
    bodyHtml: `<p>Crews are attending an incident near ${incident.locality}.</p>${TASALERT_NOTICE}`,
    burntArea: incident.sizeHa === undefined ? null : incident.sizeHa.toFixed(3),
    callTime: localIso(incident.reported),
    incidentSource: 'escad',
    location: {
      lat: incident.lat,
      lng: incident.lng,
      data: [],
      value: `${incident.lat}, ${incident.lng}`,
    },
    number: `${String(incident.index % 1_000_000).padStart(6, '0')}-${ddMMyyyy(incident.reported)}`,
    pinned: false,
    address: `${incident.road}, ${incident.locality}`,
    status: incident.currentStatus,
  };
  if (nested) {
    // As upstream: the nested copy has an empty geometry and carries the burnt area.
    if (incident.ring) properties.burntAreaGeometry = { type: 'Polygon', coordinates: [incident.ring] };
    properties.geometry = { type: 'GeometryCollection', geometries: [] };
  } else {
    properties.type = tasAlertType(incident);
    properties.feedType = 'incident';
  }
  return properties;
}

function pointCollection(lng: number, lat: number): object {
  return { type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [lng, lat] }] };
}

/** The feature list: warned incidents appear as a warning with the incident nested, the others alone. */
export function renderTasAlertData(incidents: readonly TasIncidentAtTick[], updatedAt: Date): string {
  const features = incidents.map((incident) => {
    if (!incident.warned) {
      return {
        type: 'Feature',
        // Every 9th incident has lost its geometry: its location object places it.
        geometry:
          incident.index % 9 === 4
            ? { type: 'GeometryCollection', geometries: [] }
            : pointCollection(incident.lng, incident.lat),
        properties: tasAlertIncidentProperties(incident, false),
      };
    }
    const level = SNAKE_CASE_LEVELS[incident.alertLevel] ?? 'not_applicable';
    return {
      type: 'Feature',
      geometry: pointCollection(incident.lng + 0.01, incident.lat + 0.01),
      properties: {
        id: tasAlertWarningId(incident),
        title: `${incident.alertLevel} - ${incident.locality}`,
        created: utcOffsetIso(new Date(incident.reported.getTime() + 20 * MINUTE)),
        changed: utcOffsetIso(incident.updated),
        alertLevel: level,
        area: `${incident.locality} and surrounds`,
        bodyHtml: `<h2><span>${incident.alertLevel}</span> <strong>– </strong><span>${incident.locality}</span></h2><p>Monitor conditions.</p>`,
        groupKey: null,
        reviewDatetime: null,
        type: tasAlertType(incident),
        incident: tasAlertIncidentProperties(incident, true),
        nearbySaferPlace: null,
        evacuationCentre: null,
        feedType: 'warning',
      },
    };
  });
  return JSON.stringify({
    type: 'FeatureCollection',
    features,
    properties: { updatedAt: updatedAt.toISOString() },
  });
}

// ---------------------------------------------------------------------------------------------------
// TFS KML (bfKml, alertKml)

const STYLE_BY_LEVEL: Readonly<Record<string, string>> = {
  'Emergency Warning': 'emergencyWarningStyle',
  'Watch and Act': 'watchAndActStyle',
  Advice: 'adviceStyle',
  'No Alert Level': 'noAlertLevelStyle',
};
const ICON_BY_LEVEL: Readonly<Record<string, string>> = {
  'Emergency Warning': 'Emergency_Warning',
  'Watch and Act': 'WatchAndAct',
  Advice: 'Advice',
  'No Alert Level': 'NoAlertLevel',
};
const ICONS = 'http://www.fire.tas.gov.au/images/icons/map_icons/';

/** `05-May-2020 9:45 AM`, Hobart wall clock. */
function kmlTime(date: Date): string {
  const local = hobart(date);
  const hours = local.getUTCHours();
  const meridiem = hours < 12 ? 'AM' : 'PM';
  const day = `${pad(local.getUTCDate())}-${MONTHS[local.getUTCMonth()]}-${local.getUTCFullYear()}`;
  return `${day} ${hours % 12 || 12}:${pad(local.getUTCMinutes())} ${meridiem}`;
}

/** Escaped as the feed escapes its HTML: `&lt;`, `&gt;`, `&#034;`. */
function escapeHtml(html: string): string {
  return html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#034;');
}

function kmlDescription(incident: TasIncidentAtTick): string {
  const row = (key: string, value: string): string =>
    `<tr><th style ="width:71px;text-align:left;">${key}</th><td style="white-space:nowrap;">${value}</td></tr>`;
  const icon = `<img  src="${ICONS}${ICON_BY_LEVEL[incident.alertLevel] ?? 'NoAlertLevel'}.png" width="16" height="16" title="${incident.currentStatus}"/>`;
  const rows = [
    row('Alert Level', `${icon}${incident.alertLevel}`),
    row('Type', incident.type),
    row('Last Update', kmlTime(incident.updated)),
    row('First Report', kmlTime(incident.reported)),
    row('Status', incident.currentStatus),
    row('Agency', 'Tasmania Fire Service'),
    row('Incident No', String(incident.number)),
  ];
  if (incident.sizeHa !== undefined) rows.push(row('Size', `${Math.round(incident.sizeHa)} hectares`));
  const more = `<a href="http://www.fire.tas.gov.au/i/${incident.number}"  title="More Detail">More Info</a>`;
  return escapeHtml(`<div id="detail_fields"><table>${rows.join('')}</table><span>${more}</span><br/></div>`);
}

function kmlStyles(): string {
  return Object.entries(STYLE_BY_LEVEL)
    .map(
      ([level, style]) =>
        `        <Style id="${style}">\n            <IconStyle><Icon><href>${ICONS}${ICON_BY_LEVEL[level]}.png</href></Icon></IconStyle>\n        </Style>`,
    )
    .join('\n');
}

/** As upstream: blank lines before <kml>, no XML declaration. */
function kmlDocument(name: string, placemarks: string[]): string {
  return `\n\n\n    \n\n\n<kml xmlns="http://earth.google.com/kml/2.1">\n    <Document>\n        <name>${name}</name>\n${kmlStyles()}\n${placemarks.join('\n')}\n    </Document>\n</kml>\n\n\n`;
}

export function renderTfsIncidentsKml(incidents: readonly TasIncidentAtTick[]): string {
  return kmlDocument(
    'Incidents',
    incidents.map(
      (incident) =>
        `            <Placemark id="${incident.number}">\n                <name>${incident.road}, ${incident.locality}</name>\n                <description>${kmlDescription(incident)}</description>\n                <styleUrl>#${STYLE_BY_LEVEL[incident.alertLevel] ?? 'noAlertLevelStyle'}</styleUrl>\n                <Point>\n                    <coordinates>${incident.lng},${incident.lat}</coordinates>\n                </Point>\n            </Placemark>`,
    ),
  );
}

export const tfsAlertAreaId = (incident: SyntheticTasIncident): string => String(85_000 + incident.index);

/** The alert area of an incident: a ring around it (its burnt area when it has one). */
export function alertAreaRing(incident: SyntheticTasIncident): Position[] {
  if (incident.ring) return incident.ring;
  const d = 0.03;
  const { lng, lat } = incident;
  return [
    [lng - d, lat - d],
    [lng + d, lat - d],
    [lng + d, lat + d],
    [lng - d, lat + d],
    [lng - d, lat - d],
  ];
}

export function renderTfsAlertAreasKml(incidents: readonly TasIncidentAtTick[]): string {
  return kmlDocument(
    'Alert Area',
    incidents.map((incident) => {
      const coordinates = alertAreaRing(incident)
        .map(([lng, lat]) => `${lng},${lat},0`)
        .join(' ');
      return `            <Placemark id="${tfsAlertAreaId(incident)}">\n                <name>${incident.locality}</name>\n                <description>${kmlDescription(incident)}</description>\n                <styleUrl>#${STYLE_BY_LEVEL[incident.alertLevel] ?? 'noAlertLevelStyle'}</styleUrl>\n                <Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates}</coordinates></LinearRing></outerBoundaryIs></Polygon>\n            </Placemark>`;
    }),
  );
}

export const TAS_GENERATORS: readonly FormatGenerator[] = [
  {
    format: 'tas-tasalert-data-geojson',
    contentType: 'application/geo+json',
    render: (options) => renderTasAlertData(tasIncidentsAt(options), tickTime(options, options.tick)),
  },
  {
    format: 'tas-tfs-incidents-kml',
    contentType: 'application/vnd.google-earth.kml+xml',
    render: (options) => renderTfsIncidentsKml(tasIncidentsAt(options)),
  },
  {
    format: 'tas-tfs-alert-areas-kml',
    contentType: 'application/vnd.google-earth.kml+xml',
    render: (options) => renderTfsAlertAreasKml(tasIncidentsAt(options)),
  },
];
