import { DateTime } from 'luxon';
import { STATE_TIME_ZONES } from '../../model/index.js';
import { tickTime, visibleWindow, type FormatGenerator, type RenderOptions } from './types.js';
import { draws } from './draws.js';
import { prng } from '../random.js';

/**
 * Synthetic SA documents (FEEDS.md section 5) in the agencies' real shapes, with made-up places,
 * names, numbers and coordinates: the CFS CRIIMSON JSON, the CFS and MFS placemark KML, and the GeoHub
 * warning points. Entry k of a feed's pool is a pure function of (seed, k), so a render costs
 * O(count) whatever the tick. Statuses move on with an entry's age; each tick one entry ends and one
 * starts (visibleWindow).
 */

const ZONE = STATE_TIME_ZONES.sa;
const MINUTE = 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const SYLLABLES = 'ka mar oo na tip bel lun dor we ra gil yan po sed kee'.split(' ');
const ROADS = ['ROAD', 'RD', 'STREET', 'DRIVE', 'TERRACE', 'HIGHWAY', 'LANE'];
const DISTRICTS = ['NORTHERN PRETEND', 'WESTERN IMAGINARY', 'UPPER FICTION', 'LOWER MADEUP', 'SAMPLE RANGES'];

/** Land boxes inside South Australia: [west, east, south, north]. */
const COUNTRY_AREAS: readonly (readonly [number, number, number, number])[] = [
  [138.6, 140.8, -34.8, -33.0],
  [135.3, 136.8, -34.3, -32.6],
  [140.0, 140.9, -37.8, -36.0],
];
const METRO_AREA = [138.5, 138.75, -35.05, -34.7] as const;

/** CRIIMSON types (FEEDS.md section 5), with how their status moves on and their placemark icon class. */
interface TypeProfile {
  type: string;
  progression: readonly string[];
  icon: string;
}
const FIRE = ['RESPONDING', 'GOING', 'CONTAINED', 'CONTROLLED', 'SAFE'];
const BURN = ['CONTROLLED', 'CONTROLLED', 'MONITOR', 'SAFE'];
const CALL = ['RESPONDING', 'GOING', 'COMPLETE'];
const CFS_TYPES: readonly TypeProfile[] = [
  { type: 'Grass Fire', progression: FIRE, icon: 'Fire' },
  { type: 'Tree Fire', progression: FIRE, icon: 'Fire' },
  { type: 'Scrub Fire', progression: FIRE, icon: 'Fire' },
  { type: 'Burn Off', progression: BURN, icon: 'BurnOff' },
  { type: 'Prescribed Burn', progression: BURN, icon: 'BurnOff' },
  { type: 'Building Fire', progression: FIRE, icon: 'Structure' },
  { type: 'Vehicle Fire', progression: CALL, icon: 'Vehicle' },
  { type: 'Vehicle Accident', progression: CALL, icon: 'Vehicle' },
  { type: 'Road Crash Rescue', progression: CALL, icon: 'Vehicle' },
  { type: 'Private Alarm', progression: CALL, icon: 'Other' },
  { type: 'Hazmat', progression: CALL, icon: 'Hazmat' },
  { type: 'Animal Rescue', progression: CALL, icon: 'Other' },
  { type: 'Tree Down', progression: CALL, icon: 'Other' },
  { type: 'Flooding', progression: CALL, icon: 'Flood' },
  { type: 'Investigate Smoke', progression: CALL, icon: 'Other' },
  { type: 'Assist Other Agencies', progression: CALL, icon: 'Other' },
  { type: 'Other', progression: CALL, icon: 'Other' },
];
const MFS_TYPES: readonly TypeProfile[] = [
  { type: 'Fire Alarm', progression: CALL, icon: 'Other' },
  { type: 'Fire Alarm', progression: CALL, icon: 'Other' },
  { type: 'Building Fire', progression: FIRE, icon: 'Structure' },
  { type: 'Vehicle Accident', progression: CALL, icon: 'Vehicle' },
  { type: 'Vehicle Fire', progression: CALL, icon: 'Vehicle' },
  { type: 'Fuel or Oil Spill', progression: CALL, icon: 'Other' },
  { type: 'Electrical', progression: CALL, icon: 'Other' },
  { type: 'Tree Fire', progression: FIRE, icon: 'Fire' },
  { type: 'Burn Off', progression: BURN, icon: 'BurnOff' },
  { type: 'Gas', progression: CALL, icon: 'Gas' },
  { type: 'Rescue', progression: CALL, icon: 'Other' },
  { type: 'Other', progression: CALL, icon: 'Other' },
];

export type SyntheticAgency = 'cfs' | 'mfs';

export interface SyntheticSaIncident {
  incidentNo: string;
  /** "1"–"6", or "MFS". */
  region: string;
  type: string;
  status: string;
  /** Placemark icon: class + Open/Safe/Closed. */
  icon: string;
  suburb: string;
  street: string;
  lng: number;
  lat: number;
  /** Whole minutes: the JSON has no seconds. */
  reportedAt: Date;
  level: number;
  resources: number;
  aircraft: number;
  fireBanDistrict: string;
}

export interface SyntheticSaWarning {
  incidentId: string;
  objectId: number;
  level: string;
  title: string;
  lng: number;
  lat: number;
  createdAt: Date;
  editedAt: Date;
  expiresAt: Date;
}

/** Incident numbers of different seeds (feeds) do not meet for the first 100,000 entries. */
function incidentNumber(seed: number, index: number): string {
  return String(10_000_000 + (Math.abs(seed) % 1000) * 100_000 + index);
}

function upperName(random: () => number): string {
  return draws(random).word(SYLLABLES).toUpperCase();
}

function iconState(status: string): string {
  if (status === 'SAFE') return 'Safe';
  if (status === 'COMPLETE' || status === 'CONTROLLED' || status === 'MONITOR') return 'Closed';
  return 'Open';
}

function syntheticIncident(
  agency: SyntheticAgency,
  options: RenderOptions,
  entry: { index: number; age: number; firstTick: number },
): SyntheticSaIncident {
  const random = prng(options.seed, entry.index);
  const { pick } = draws(random);
  const profile = pick(agency === 'mfs' ? MFS_TYPES : CFS_TYPES);
  const [west, east, south, north] = agency === 'mfs' || random() < 0.05 ? METRO_AREA : pick(COUNTRY_AREAS);
  const metro = west === METRO_AREA[0];
  const status = profile.progression[Math.min(entry.age, profile.progression.length - 1)]!;
  const started = tickTime(options, entry.firstTick).getTime() - Math.floor(random() * 180) * MINUTE;
  const level = random() < 0.9 ? 1 : random() < 0.7 ? 2 : 3;
  return {
    incidentNo: incidentNumber(options.seed, entry.index),
    region: metro ? 'MFS' : String(1 + Math.floor(random() * 6)),
    type: profile.type,
    status,
    icon: `${profile.icon}${iconState(status)}Icon`,
    suburb: upperName(random),
    street: `${upperName(random)} ${pick(ROADS)}`,
    lng: west + random() * (east - west),
    lat: south + random() * (north - south),
    reportedAt: new Date(Math.floor(started / MINUTE) * MINUTE),
    level,
    resources: Math.floor(random() * 8) * level,
    aircraft: level > 1 ? Math.floor(random() * 4) : 0,
    fireBanDistrict: metro ? '' : pick(DISTRICTS),
  };
}

/** The incidents one agency's document shows at `options.tick`. */
export function syntheticSaIncidents(agency: SyntheticAgency, options: RenderOptions): SyntheticSaIncident[] {
  return visibleWindow(options).map((entry) => syntheticIncident(agency, options, entry));
}

const WARNING_PROGRESSION = [
  'Advice',
  'Watch and Act',
  'Emergency Warning',
  'Watch and Act',
  'Advice - Reduced Threat',
];

/** The warnings the GeoHub layer shows at `options.tick`: each escalates, then winds down. */
export function syntheticSaWarnings(options: RenderOptions): SyntheticSaWarning[] {
  return visibleWindow(options).map(({ index, age, firstTick }) => {
    const random = prng(options.seed, index);
    const [west, east, south, north] = COUNTRY_AREAS[index % COUNTRY_AREAS.length]!;
    const step = Math.min(age, WARNING_PROGRESSION.length - 1);
    const createdAt = tickTime(options, firstTick);
    const editedAt = tickTime(options, firstTick + step);
    return {
      incidentId: incidentNumber(options.seed, index),
      objectId: 1 + index,
      level: WARNING_PROGRESSION[step]!,
      title: `${upperName(random)} fire`,
      lng: west + random() * (east - west),
      lat: south + random() * (north - south),
      createdAt,
      editedAt,
      expiresAt: new Date(editedAt.getTime() + 12 * 60 * MINUTE),
    };
  });
}

const pad = (value: number): string => String(value).padStart(2, '0');

function adelaide(date: Date): DateTime {
  return DateTime.fromMillis(date.getTime(), { zone: ZONE });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;');
}

/** cfs_current_incidents.json: an array of flat records, Adelaide wall-clock Date/Time, "lat,lon" Location. */
export function renderCfsCurrentIncidents(incidents: readonly SyntheticSaIncident[]): string {
  const records = incidents.map((incident, i) => {
    const local = adelaide(incident.reportedAt);
    const messaged = incident.level > 1;
    return {
      IncidentNo: incident.incidentNo,
      Date: `${pad(local.day)}/${pad(local.month)}/${local.year}`,
      Time: `${pad(local.hour)}:${pad(local.minute)}`,
      Message: messaged ? `Crews are working on the ${incident.type.toLowerCase()}.` : '',
      Message_link: messaged
        ? `<a href='https://cfs.example.invalid/messages/${incident.incidentNo}.html'>Message</a>`
        : '',
      // As upstream: "SUBURB, STREET", sometimes with a trailing space.
      Location_name: `${incident.suburb}, ${incident.street}${i % 3 === 0 ? ' ' : ''}`,
      Region: incident.region,
      Type: incident.type,
      Status: incident.status,
      Level: incident.level,
      FBD: incident.fireBanDistrict,
      Resources: incident.resources,
      Aircraft: incident.aircraft,
      // As upstream: the space after the comma comes and goes.
      Location: `${incident.lat}${i % 2 === 0 ? ',' : ', '}${incident.lng}`,
    };
  });
  return JSON.stringify(records);
}

/** `Tuesday, 05 May 2020 16:33:00`. */
function firstReported(date: Date): string {
  const local = adelaide(date);
  const day = `${WEEKDAYS[local.weekday - 1]}, ${pad(local.day)} ${MONTHS[local.month - 1]} ${local.year}`;
  return `${day} ${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
}

const ICON_CLASSES = ['Fire', 'Other', 'Flood', 'Gas', 'Hazmat', 'Structure', 'Vehicle', 'BurnOff'];
const STYLES = ICON_CLASSES.flatMap((name) =>
  ['Open', 'Safe', 'Closed'].map(
    (state) =>
      `<Style id='${name}${state}Icon'><IconStyle><Icon><href>https://cfs.example.invalid/icons/` +
      `${name.toLowerCase()}-${state.toLowerCase()}.png</href></Icon></IconStyle></Style>`,
  ),
).join('');

/** cfs_/mfs_incident_placemark.xml: KML 2.2 with the CRIIMSON non-standard members and escaped descriptions. */
export function renderCriimsonPlacemarks(
  agency: SyntheticAgency,
  incidents: readonly SyntheticSaIncident[],
): string {
  const label = agency.toUpperCase();
  const folderHead = `<title>${label} Current Incidents</title><description>Incidents attended by ${label} today</description>`;
  const placemarks = incidents.map((incident) => {
    const description = escapeXml(
      `${incident.type}<br>First Reported: ${firstReported(incident.reportedAt)}<br>Status: ${incident.status}<br>Region: ${incident.region}`,
    );
    return (
      `<Placemark id='${incident.incidentNo}'><incidentname>${escapeXml(incident.suburb)}</incidentname>` +
      `<name>${escapeXml(`${incident.street}, ${incident.suburb}`)}</name><description>${description}</description>` +
      (agency === 'cfs' ? `<aircraft>${incident.aircraft}</aircraft>` : '') +
      `<styleUrl>#${incident.icon}</styleUrl><Point><altitudeMode>relativeToGround</altitudeMode>` +
      `<coordinates>${incident.lng},${incident.lat},0.000000</coordinates></Point></Placemark>`
    );
  });
  return (
    "<?xml version='1.0' encoding='UTF-8'?><kml xmlns='http://earth.google.com/kml/2.2'><Document>" +
    `<name>${label} Current Incidents</name><open>1</open><description>Incidents attended by ${label} today</description>` +
    `${STYLES}<Folder>${folderHead}${placemarks.join(folderHead)}</Folder></Document></kml>`
  );
}

/** The GeoHub query answered as GeoJSON: ArcGIS field names, epoch-millisecond dates. */
export function renderCfsWarningPoints(warnings: readonly SyntheticSaWarning[]): string {
  const features = warnings.map((warning) => ({
    type: 'Feature',
    id: warning.objectId,
    geometry: { type: 'Point', coordinates: [warning.lng, warning.lat] },
    properties: {
      objectid: warning.objectId,
      incident_id: warning.incidentId,
      icon: warning.level,
      title: warning.title,
      public: 'true',
      created_date: warning.createdAt.getTime(),
      last_edited_date: warning.editedAt.getTime(),
      expiry: warning.expiresAt.getTime(),
    },
  }));
  return JSON.stringify({
    exceededTransferLimit: false,
    features,
    type: 'FeatureCollection',
    crs: { type: 'name', properties: { name: 'EPSG:4326' } },
  });
}

export const SA_GENERATORS: readonly FormatGenerator[] = [
  {
    format: 'sa-cfs-current-incidents-json',
    contentType: 'application/json',
    render: (options) => renderCfsCurrentIncidents(syntheticSaIncidents('cfs', options)),
  },
  {
    format: 'sa-cfs-incident-placemark-kml',
    contentType: 'application/vnd.google-earth.kml+xml',
    render: (options) => renderCriimsonPlacemarks('cfs', syntheticSaIncidents('cfs', options)),
  },
  {
    format: 'sa-mfs-incident-placemark-kml',
    contentType: 'application/vnd.google-earth.kml+xml',
    render: (options) => renderCriimsonPlacemarks('mfs', syntheticSaIncidents('mfs', options)),
  },
  {
    format: 'sa-cfs-warning-points-geojson',
    contentType: 'application/geo+json',
    render: (options) => renderCfsWarningPoints(syntheticSaWarnings(options)),
  },
];
