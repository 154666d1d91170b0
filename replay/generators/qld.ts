import type { Position } from '../../model/index.js';
import { tickTime, visibleWindow, type FormatGenerator, type RenderOptions } from './types.js';
import { capitalised, draws } from './draws.js';
import { prng } from '../random.js';

/**
 * Synthetic QLD Fire Department bushfireAlert documents (FEEDS.md section 4) with made-up places,
 * numbers and coordinates: the S3 GeoJSON ("QFDWarnings": incident Points, warning Polygons, some
 * sharing an incident's UniqueID; odd seeds write web-mercator metres with a `crs`, even seeds degrees
 * with a third ordinate) and the Atom + GeoRSS feed (UTC times without an offset, `°` and `–` in the
 * text). Entry k of a pool is a pure function of (seed, k), so a render costs O(count) whatever the
 * tick; each tick one entry ends and one starts (visibleWindow) and fires move Going → Contained →
 * Patrolled with age.
 */

const MINUTE = 60_000;
const EARTH_RADIUS = 6_378_137;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const SYLLABLES = 'bun da lo wir ra mel kin goo ya tar bee nam col wan pel'.split(' ');
const ROADS = ['Rd', 'Creek Rd', 'Range Rd', 'Lane', 'Dr', 'Hwy'];
const REGIONS = [
  '1 Northern Region',
  '2 Central Region',
  '3 South Western Region',
  '4 North Coast Region',
  '5N Brisbane Region (North)',
  '6 South Eastern Region',
  '7 Far Northern Region',
];
/** Land boxes inside Queensland: [west, east, south, north]. */
const AREAS: readonly (readonly [number, number, number, number])[] = [
  [150.2, 152.6, -28.2, -25.2],
  [146.0, 150.0, -24.5, -21.0],
  [144.6, 146.0, -19.0, -15.6],
];

/** How a fire's status moves on with age, and the Details/GroupedType/IncidentType words for it. */
interface FireKind {
  groupedType: string;
  headline: string;
}
const FIRE_KINDS: readonly FireKind[] = [
  { groupedType: 'FIRE VEGETATION', headline: 'vegetation fire' },
  { groupedType: 'FIRE VEGETATION', headline: 'bushfire' },
  { groupedType: 'FIRE VEGETATION', headline: 'grass fire' },
  { groupedType: 'FIRE PERMITTED BURN', headline: 'hazard reduction burn' },
  { groupedType: 'FIRE STRUCTURE', headline: 'structure fire' },
];
export const QLD_STATUS_PROGRESSION = ['Going', 'Going', 'Contained', 'Patrolled'] as const;

interface WarningKind {
  level: string;
  callToAction: string;
}
const WARNING_KINDS: readonly WarningKind[] = [
  { level: 'Advice', callToAction: 'STAY INFORMED' },
  { level: 'Advice', callToAction: 'STAY INFORMED' },
  { level: 'Watch and Act', callToAction: 'PREPARE TO LEAVE' },
  { level: 'Emergency Warning', callToAction: 'LEAVE IMMEDIATELY' },
];
const BURN_WARNING: WarningKind = { level: 'Advice', callToAction: 'AVOID SMOKE (HAZARD REDUCTION BURN)' };

/** One pool entry; `warning` present for warnings (standalone, or sharing the incident's UniqueID). */
export interface QldSyntheticEntry {
  /** The JSON UniqueID: the CAD number, or `WARN-n` for a warning of its own. */
  uniqueId: string;
  /** The CAD number (`QF4-26-100007`): the Atom entry's id. */
  cadId: string;
  /** A Point incident is published (with `warning`, the two share the UniqueID). */
  incident: boolean;
  suburb: string;
  town: string;
  location: string;
  region: string;
  kind: FireKind;
  lng: number;
  lat: number;
  /** Closed ring of [lng, lat] around the point (warnings only). */
  ring?: Position[];
  warning?: WarningKind;
  vehicles: number;
  /** Minutes before its first tick that the incident was reported. */
  reportedLead: number;
  /** ItemDateTime written with centiseconds. */
  fractional: boolean;
  /** The Atom title is DMS coordinates with `°`. */
  dmsTitle: boolean;
}

export function qldEntry(seed: number, index: number): QldSyntheticEntry {
  const random = prng(seed, index);
  const { pick, word } = draws(random);
  const name = (): string => capitalised(word(SYLLABLES));
  const [west, east, south, north] = pick(AREAS);
  const lng = west + random() * (east - west);
  const lat = south + random() * (north - south);
  const suburb = name();
  const town = name();
  const region = pick(REGIONS);
  const kind = pick(FIRE_KINDS);
  const roll = random();
  // 5 % linked warnings (a Point and a Polygon sharing the CAD number), 15 % warnings of their own.
  const warning =
    roll < 0.2
      ? kind.groupedType === 'FIRE PERMITTED BURN'
        ? BURN_WARNING
        : pick(WARNING_KINDS)
      : undefined;
  const cadId = `QF${region.split(' ')[0]}-26-${String(100_000 + index).padStart(6, '0')}`;
  const entry: QldSyntheticEntry = {
    uniqueId: warning && roll >= 0.05 ? `WARN-${1000 + index}` : cadId,
    cadId,
    incident: !warning || roll < 0.05,
    suburb,
    town,
    location: `${Math.floor(1 + random() * 400)} ${name()} ${pick(ROADS)}, ${suburb}`,
    region,
    kind,
    lng,
    lat,
    vehicles: Math.floor(random() * 6),
    reportedLead: Math.floor(random() * 600),
    fractional: random() < 0.4,
    dmsTitle: random() < 0.15,
  };
  if (warning) {
    entry.warning = warning;
    const vertices = 6 + Math.floor(random() * 4);
    const radius = 0.02 + random() * 0.05;
    const ring: Position[] = Array.from({ length: vertices }, (_, vertex) => {
      const angle = (2 * Math.PI * vertex) / vertices;
      return [lng + radius * Math.cos(angle), lat + radius * Math.sin(angle)];
    });
    ring.push([ring[0]![0], ring[0]![1]]);
    entry.ring = ring;
  }
  return entry;
}

/** The entries of a render with their status and update time. */
export interface QldVisibleEntry extends QldSyntheticEntry {
  status: string;
  reported: Date;
  updated: Date;
}

export function qldVisibleEntries(options: RenderOptions): QldVisibleEntry[] {
  return visibleWindow(options).map(({ index, age, firstTick }) => {
    const entry = qldEntry(options.seed, index);
    const step = Math.min(age, QLD_STATUS_PROGRESSION.length - 1);
    const first = tickTime(options, firstTick);
    return {
      ...entry,
      status: QLD_STATUS_PROGRESSION[step]!,
      reported: new Date(first.getTime() - entry.reportedLead * MINUTE),
      updated: tickTime(options, firstTick + step),
    };
  });
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** Brisbane wall clock: UTC+10 all year (no DST), so plain arithmetic (luxon costs ~0.1 ms a call). */
function brisbane(date: Date): Date {
  return new Date(date.getTime() + 10 * 60 * MINUTE);
}

/** `2026-11-20T10:00:00+10:00`, or with centiseconds. */
function brisbaneIso(date: Date, fractional = false): string {
  return `${brisbane(date).toISOString().slice(0, 19)}${fractional ? '.73' : ''}+10:00`;
}

/** `2018-09-08T05:01:50`: UTC with no marker, as the Atom feed writes it. */
function utcWithoutOffset(date: Date): string {
  return date.toISOString().slice(0, 19);
}

function toMercator([lng, lat]: Position): Position {
  const x = ((lng * Math.PI) / 180) * EARTH_RADIUS;
  const y = EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  return [x, y];
}

/** Odd seeds publish web-mercator metres (with a crs member), even seeds degrees with a third ordinate. */
export function usesWebMercator(seed: number): boolean {
  return seed % 2 !== 0;
}

function renderGeojson(options: RenderOptions): string {
  const mercator = usesWebMercator(options.seed);
  const writing: GeojsonWriting = {
    position: (point) => (mercator ? toMercator(point) : [point[0], point[1], 0]),
    published: brisbaneIso(tickTime(options, options.tick)),
  };
  let objectId = 0;
  const features: object[] = [];
  for (const entry of qldVisibleEntries(options)) {
    if (entry.incident) features.push(incidentFeature(writing, entry, ++objectId));
    if (hasWarningArea(entry)) features.push(warningFeature(writing, entry, ++objectId));
  }
  return JSON.stringify({
    type: 'FeatureCollection',
    name: 'QFDWarnings',
    ...(mercator ? { crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } } } : {}),
    features,
  });
}

/** How one render writes positions (metres or degrees) and when it was published. */
interface GeojsonWriting {
  position: (point: Position) => number[];
  published: string;
}

/** An entry with a warning polygon to publish. */
type WarningAreaEntry = QldVisibleEntry & { warning: WarningKind; ring: Position[] };

function hasWarningArea(entry: QldVisibleEntry): entry is WarningAreaEntry {
  return entry.warning !== undefined && entry.ring !== undefined;
}

/** The properties an incident's Point and its warning's Polygon share. */
function commonProperties(entry: QldVisibleEntry, published: string) {
  return {
    UniqueID: entry.uniqueId,
    EventType: 'Fire',
    Jurisdiction: `${entry.town} Regional`,
    Locality: entry.suburb,
    Location: entry.location,
    CurrentStatus: entry.status,
    ItemDateTimeLocal_ISO: brisbaneIso(entry.updated, entry.fractional),
    PublishDateLocal_ISO: published,
    ItemExpiryDateTimeLocal_ISO: brisbaneIso(new Date(entry.updated.getTime() + 12 * 60 * MINUTE), true),
    ItemDateTimeUTM: String(Math.floor(entry.updated.getTime() / 1000)),
    Latitude: entry.lat,
    Longitude: entry.lng,
  };
}

function incidentFeature(writing: GeojsonWriting, entry: QldVisibleEntry, objectId: number): object {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: writing.position([entry.lng, entry.lat]) },
    properties: {
      OBJECTID: objectId,
      ...commonProperties(entry, writing.published),
      WarningTitle: `Information - ${entry.suburb.toUpperCase()}`,
      WarningLevel: 'Information',
      WarningLevelSort: 5,
      GroupedType: entry.kind.groupedType,
      VehiclesAssigned: entry.vehicles,
      VehiclesOnRoute: entry.vehicles > 2 ? 1 : 0,
      VehiclesOnScene: Math.max(0, entry.vehicles - 1),
      MultipleWarnings: 'No',
      MessageSent: 'No',
    },
  };
}

function warningFeature(writing: GeojsonWriting, entry: WarningAreaEntry, objectId: number): object {
  const { level, callToAction } = entry.warning;
  return {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [entry.ring.map(writing.position)] },
    properties: {
      OBJECTID: objectId,
      ...commonProperties(entry, writing.published),
      WarningTitle: `${callToAction} - ${entry.suburb} (near ${entry.town})`,
      WarningLevel: level,
      WarningLevelSort: level === 'Emergency Warning' ? 1 : level === 'Watch and Act' ? 2 : 3,
      WarningType_Level: `Bushfire ${level}`,
      WarningArea: `<p>${entry.suburb} and surrounds</p>`,
      CallToAction: callToAction,
      Header: `<p>${callToAction}: ${entry.suburb} &amp; nearby areas</p>`,
      WarningText: `<div>A fire is burning near ${entry.location}.</div><div>Conditions may change.</div>`,
      ShouldDo: '<ul><li>Keep up to date.</li><li>Close windows and doors.</li></ul>',
      GroupedType: entry.kind.groupedType,
      MultipleWarnings: 'No',
      MessageSent: 'Yes',
    },
  };
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `24°10'19.56"S & 151°47'30.12"E`. */
function dms([lng, lat]: Position): string {
  const part = (value: number, positive: string, negative: string): string => {
    const absolute = Math.abs(value);
    const degrees = Math.floor(absolute);
    const minutes = Math.floor((absolute - degrees) * 60);
    const seconds = ((absolute - degrees) * 60 - minutes) * 60;
    return `${degrees}°${minutes}'${seconds.toFixed(2)}"${value < 0 ? negative : positive}`;
  };
  return `${part(lat, 'N', 'S')} & ${part(lng, 'E', 'W')}`;
}

/** `1.25pm Sun 23 Sept`, Brisbane time. */
function asAt(date: Date): string {
  const local = brisbane(date);
  const hours = local.getUTCHours();
  const clock = `${hours % 12 || 12}.${pad(local.getUTCMinutes())}${hours < 12 ? 'am' : 'pm'}`;
  const weekday = WEEKDAYS[(local.getUTCDay() + 6) % 7];
  return `${clock} ${weekday} ${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]}`;
}

/** The Atom alert level of an entry. */
export function atomAlertLevel(entry: QldSyntheticEntry): string {
  return entry.warning?.level ?? 'Notification';
}

export function atomTitle(entry: QldSyntheticEntry): string {
  return entry.dmsTitle ? `${dms([entry.lng, entry.lat])}, ${entry.suburb}` : entry.location;
}

function renderAtom(options: RenderOptions): string {
  const entries = qldVisibleEntries(options).map((entry) => {
    const level = atomAlertLevel(entry);
    const details =
      `<div>${entry.suburb.toUpperCase()} (near ${entry.town}) – ${entry.kind.headline} as at ${asAt(entry.updated)}</div>` +
      '<div><br /></div><div>Crews are on scene. Smoke may affect residents &amp; motorists.</div>';
    return [
      '    <entry>',
      `        <category term="${escapeXml(level)}"/>`,
      `        <content>Alert Level: ${escapeXml(level)}`,
      `            Reported (UTC): ${utcWithoutOffset(entry.reported)}`,
      `            Current Status: ${entry.status}`,
      `            Details: ${escapeXml(details)}`,
      '        </content>',
      `        <id>${escapeXml(entry.cadId)}</id>`,
      `        <published>${utcWithoutOffset(entry.reported)}</published>`,
      `        <title>${escapeXml(atomTitle(entry))}</title>`,
      `        <updated>${utcWithoutOffset(entry.updated)}</updated>`,
      `        <georss:point>${entry.lat} ${entry.lng}</georss:point>`,
      '    </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns:georss="http://www.georss.org/georss" xmlns="http://www.w3.org/2005/Atom">',
    '    <author><name>Queensland Fire Department</name></author>',
    '    <id>urn:uuid:00000000-0000-4000-8000-000000000000</id>',
    '    <title>QFD Bushfire Alert Feed</title>',
    // The feed-level <updated> is Brisbane time, as upstream.
    `    <updated>${brisbane(tickTime(options, options.tick)).toISOString().slice(0, 19)}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

export const QLD_GENERATORS: readonly FormatGenerator[] = [
  { format: 'qld-qfd-bushfire-alert-geojson', contentType: 'binary/octet-stream', render: renderGeojson },
  { format: 'qld-qfd-bushfire-alert-atom', contentType: 'application/atom+xml', render: renderAtom },
];
