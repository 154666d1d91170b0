import { DateTime } from 'luxon';
import { STATE_TIME_ZONES } from '../../model/index.js';
import { tickTime, visibleWindow, type FormatGenerator, type RenderOptions } from './types.js';
import { draws } from './draws.js';
import { prng } from '../random.js';

/**
 * Synthetic ACT ESA website incidents feed (`act-gov-esa/incidents/feed`): the real record shapes and
 * vocabulary (FEEDS.md section 9: CAD incidents, "warning group warning" records, NSW RFS mirror
 * records), made-up places, titles and coordinates. Deterministic for a given seed: every value of an
 * entry derives from (seed, pool index), so a render costs O(count) whatever the tick.
 * Each tick one entry ends and one starts (visibleWindow); CAD statuses and warning levels move on
 * with an entry's age, and its `updated` is the tick of its last change.
 */

const ZONE = STATE_TIME_ZONES.act;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MINUTE = 60_000;

export type ActEntryKind = 'incident' | 'warning' | 'nsw';

interface CadType {
  type: string;
  agency: string;
  progression: readonly string[];
}

const FIRE_PROGRESSION = [
  'Not yet controlled',
  'Out of control',
  'Being controlled',
  'Under control',
  'Out / Completed',
];
const BURN_PROGRESSION = [
  'Resource Allocation Pending',
  'On Scene',
  'Being controlled',
  'Under control',
  'Finished',
];
const JOB_PROGRESSION = [
  'Resource Allocation Pending',
  'Units On Route',
  'On Scene',
  'Responding',
  'Out / Completed',
];

/** Ambulance responses dominate the real feed; the other CAD types follow. */
const CAD_TYPES: readonly CadType[] = [
  { type: 'AMBULANCE RESPONSE', agency: 'Ambulance', progression: JOB_PROGRESSION },
  { type: 'AMBULANCE RESPONSE', agency: 'Ambulance', progression: JOB_PROGRESSION },
  { type: 'AMBULANCE RESPONSE', agency: 'Ambulance', progression: JOB_PROGRESSION },
  { type: 'SOUTHCARE RESPONSE', agency: 'Ambulance', progression: JOB_PROGRESSION },
  { type: 'GRASS AND BUSH FIRE', agency: 'Fire', progression: FIRE_PROGRESSION },
  { type: 'GRASS AND BUSH FIRE', agency: 'Fire', progression: FIRE_PROGRESSION },
  { type: 'HAZARD REDUCTION BURN', agency: 'Fire', progression: BURN_PROGRESSION },
  { type: 'HOUSE FIRE', agency: 'Fire - Ambulance', progression: FIRE_PROGRESSION },
  { type: 'STRUCTURE FIRE', agency: 'Fire', progression: FIRE_PROGRESSION },
  { type: 'CAR FIRE', agency: 'Fire', progression: JOB_PROGRESSION },
  { type: 'RUBBISH FIRE', agency: 'Fire', progression: JOB_PROGRESSION },
  { type: 'MOTOR VEHICLE ACCIDENT', agency: 'Fire', progression: JOB_PROGRESSION },
  { type: 'PEDESTRIAN-PUSHBIKE-E-SCOOTER ACCIDENT', agency: 'Ambulance', progression: JOB_PROGRESSION },
  {
    type: 'STORM OR TREE DAMAGE',
    agency: 'Fire',
    progression: ['Storm', 'Units On Route', 'On Scene', 'Finished'],
  },
  { type: 'FLOOD DAMAGE', agency: 'Fire', progression: JOB_PROGRESSION },
  { type: 'ELECTRICAL THREAT OR POWER LINES DOWN', agency: 'Fire', progression: JOB_PROGRESSION },
  { type: 'HAZMAT INCIDENT', agency: 'Fire', progression: JOB_PROGRESSION },
  { type: 'ANIMAL RESCUE', agency: 'Fire', progression: JOB_PROGRESSION },
  { type: 'VERTICAL  RESCUE', agency: 'Fire', progression: JOB_PROGRESSION },
];
/** Fires carry an AWS level now and then; every other CAD job carries "". */
const FIRE_ALERT_LEVELS = ['', '', '', 'Advice', 'Watch and Act', 'Emergency Warning'];

const WARNING_TYPES = [
  { type: 'GRASS AND BUSH FIRE', agency: 'Fire', hazard: 'Grass and Bushfire' },
  { type: 'GRASS AND BUSH FIRE', agency: 'Fire', hazard: 'Bushfires' },
  { type: 'HEATWAVE', agency: 'Ambulance', hazard: 'Heatwave' },
  { type: 'STORM OR TREE DAMAGE', agency: 'Fire', hazard: 'Severe Storm' },
];
const WARNING_PROGRESSION = ['Advice', 'Watch and Act', 'Emergency Warning', 'Advice'];
const WARNING_ACTIONS: Readonly<Record<string, string>> = {
  Advice: 'Stay Informed',
  'Watch and Act': 'Prepare To Leave',
  'Emergency Warning': 'Leave Now',
};

const NSW_TYPES = ['Bush Fire', 'Grass Fire', 'Hazard Reduction'];
const NSW_ALERT_LEVELS = ['Advice', 'Not Applicable', 'Not Applicable', 'Watch and Act', 'Planned Burn'];

const SYLLABLES = 'bel wo den tug ga ran ar kin mor lyn dar ow na pel ke ri ston'.split(' ');
const STREETS = ['STREET', 'CRESCENT', 'DRIVE', 'CIRCUIT', 'PLACE', 'AVENUE'];

/** What never changes about a pool entry. */
export interface SyntheticActEntry {
  index: number;
  kind: ActEntryKind;
  type: string;
  agency: string;
  /** Raw status (CAD) or warning level (warnings) per age; the last one holds. */
  progression: readonly string[];
  alertLevel: string;
  suburb: string;
  street: string;
  lng: number;
  lat: number;
  /** The call came this many minutes before the entry first appeared. */
  callLeadMinutes: number;
  /** Milliseconds written after the seconds of `updated` (2024 schema), or none. */
  fraction?: number;
  /** Ids and text that carry the U+FFFD replacement character in their description. */
  replacementCharacter: boolean;
}

export function syntheticActEntry(index: number, seed: number): SyntheticActEntry {
  const random = prng(Math.imul(seed ^ 0x5bd1e995, 2_654_435_761) + index);
  const { pick, between, word } = draws(random);
  const name = (): string => word(SYLLABLES).toUpperCase();
  const kind: ActEntryKind = index % 10 === 3 ? 'nsw' : index % 10 === 7 ? 'warning' : 'incident';
  const suburb = name();
  const street = `${name()} ${pick(STREETS)}`;
  const base = {
    index,
    kind,
    suburb,
    street,
    callLeadMinutes: 1 + Math.floor(random() * 180),
    replacementCharacter: random() < 0.2,
  };
  if (kind === 'nsw') {
    // Inland NSW, well clear of the ACT.
    return {
      ...base,
      type: pick(NSW_TYPES),
      agency: 'Rural Fire Service',
      progression: ['Out of control', 'Being controlled', 'Under control'],
      alertLevel: pick(NSW_ALERT_LEVELS),
      lng: between(146, 149),
      lat: between(-34.5, -31),
    };
  }
  if (kind === 'warning') {
    const warning = pick(WARNING_TYPES);
    // Namadgi and the southern ranges.
    return {
      ...base,
      type: warning.type,
      agency: warning.agency,
      street: warning.hazard,
      progression: WARNING_PROGRESSION.slice(Math.floor(random() * 2)),
      alertLevel: '',
      lng: between(148.85, 149.0),
      lat: between(-35.7, -35.5),
    };
  }
  const cad = pick(CAD_TYPES);
  const entry: SyntheticActEntry = {
    ...base,
    type: cad.type,
    agency: cad.agency,
    progression: cad.progression,
    alertLevel: cad.type === 'GRASS AND BUSH FIRE' ? pick(FIRE_ALERT_LEVELS) : '',
    // Canberra's suburbs.
    lng: between(149.0, 149.15),
    lat: between(-35.42, -35.2),
  };
  if (random() < 0.25) entry.fraction = Math.floor(random() * 1000);
  return entry;
}

/** An entry as one render shows it. */
export interface VisibleActEntry {
  entry: SyntheticActEntry;
  /** The upstream id the document carries. */
  id: string;
  /** Its raw status (CAD) or warning level (warnings) at this tick. */
  state: string;
  calledAt: Date;
  updatedAt: Date;
}

// Dates are formatted by hand; luxon only supplies the DST-aware Canberra wall clock.
const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
/** Entries share tick times: each instant is converted once (the cache is emptied before it grows big). */
const wallClocks = new Map<number, DateTime>();
function local(date: Date): DateTime {
  const ms = date.getTime();
  let at = wallClocks.get(ms);
  if (!at) {
    if (wallClocks.size >= 50_000) wallClocks.clear();
    at = DateTime.fromMillis(ms, { zone: ZONE });
    wallClocks.set(ms, at);
  }
  return at;
}

/** `09 Jan 2026 16:29:11` (website), with `.853` when `fraction` is given. */
function websiteTime(date: Date, fraction?: number): string {
  const at = local(date);
  const text = `${pad(at.day)} ${MONTHS[at.month - 1]} ${at.year} ${pad(at.hour)}:${pad(at.minute)}:${pad(at.second)}`;
  return fraction === undefined ? text : `${text}.${pad(fraction, 3)}`;
}

/** `9 Jan 2026 15:48`: the NSW RFS mirror's `updated`. */
function rfsTime(date: Date): string {
  const at = local(date);
  return `${at.day} ${MONTHS[at.month - 1]} ${at.year} ${pad(at.hour)}:${pad(at.minute)}`;
}

/** `013105-14082026`: a sequence number and the Canberra date of the call. */
function cadId(index: number, calledAt: Date): string {
  const at = local(calledAt);
  return `${pad((index % 999_999) + 1, 6)}-${pad(at.day)}${pad(at.month)}${at.year}`;
}

export function visibleActEntries(options: RenderOptions): VisibleActEntry[] {
  return visibleWindow(options).map(({ index, age, firstTick }) => {
    const entry = syntheticActEntry(index, options.seed);
    const step = Math.min(age, entry.progression.length - 1);
    const calledAt = new Date(tickTime(options, firstTick).getTime() - entry.callLeadMinutes * MINUTE);
    const id =
      entry.kind === 'nsw'
        ? `https___incidents_rfs_nsw_gov_au_api_v1_incidents_${700_000 + index}`
        : entry.kind === 'warning'
          ? String(100 + index)
          : cadId(index, calledAt);
    return {
      entry,
      id,
      state: entry.progression[step] ?? '',
      calledAt,
      updatedAt: tickTime(options, firstTick + step),
    };
  });
}

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z]+/g, '-');

function incidentRecord({ entry, id, state, calledAt, updatedAt }: VisibleActEntry): object {
  const record: Record<string, unknown> = {
    agency: entry.agency,
    alert_level: entry.alertLevel,
    event_type: 'incident',
    title: `${entry.type} - ${entry.suburb}`,
    id,
    latitude: String(entry.lat),
    longitude: String(entry.lng),
    region: 'act',
    time_of_call: websiteTime(calledAt),
    status: state,
    status_description: '',
    status_icon: `/sites/default/files/status-svgs/${slug(state)}.svg`,
    status_filter_label: state,
    type: entry.type,
  };
  if (entry.agency !== 'Ambulance') {
    record.type_description = '';
    record.type_icon = `/sites/default/files/incident-type-svgs/${slug(entry.type)}.svg`;
  }
  // Ambulance jobs are located by suburb only; the CAD pads other addresses with a 0000 postcode.
  record.location = entry.agency === 'Ambulance' ? entry.suburb : `${entry.street}, ${entry.suburb}, 0000`;
  record.updated = websiteTime(updatedAt, entry.fraction);
  return record;
}

function warningRecord({ entry, id, state, calledAt, updatedAt }: VisibleActEntry): object {
  const nodeId = String(9000 + entry.index);
  const place = `${entry.suburb[0]}${entry.suburb.slice(1).toLowerCase()} Ridge`;
  const more = entry.replacementCharacter ? '\uFFFD' : '-';
  const action = WARNING_ACTIONS[state] ?? 'Stay Informed';
  const located = entry.type !== 'HEATWAVE';
  return {
    agency: entry.agency,
    description: `${entry.street} activity near ${place}.\r\n\r\nCrews are monitoring the area.\r\n\r\nMore ${more} https://esa.act.gov.au/node/${nodeId}`,
    event_type: 'warning group warning',
    id,
    location: located ? place : 'ACT',
    region: 'act',
    status: '',
    time_of_call: websiteTime(calledAt),
    title: `${state.toUpperCase()}: ${entry.street} - ${place} - ${action}`,
    type: entry.type,
    type_description: '',
    type_icon: `/sites/default/files/incident-type-svgs/${slug(entry.type)}.svg`,
    warning_level: state,
    node_id: nodeId,
    banner_check: '',
    last_updated: websiteTime(updatedAt),
    // Territory-wide warnings (heatwaves) have no point.
    latitude: located ? String(entry.lat) : '',
    longitude: located ? String(entry.lng) : '',
    polygon: { type: '', fill: { color: '', opacity: '' }, stroke: { color: '', opacity: '' } },
  };
}

function nswRecord({ entry, id, state, calledAt, updatedAt }: VisibleActEntry): object {
  const record: Record<string, unknown> = {
    title: `${entry.street}, ${entry.suburb}`,
    id,
    link: 'https://www.rfs.nsw.gov.au/fire-information/fires-near-me',
    link_text: 'View more',
    latitude: String(entry.lat),
    longitude: String(entry.lng),
    region: 'nsw',
    time_of_call: websiteTime(calledAt),
    event_type: 'burnt area',
    status: state,
    status_description: '',
    status_icon: '/sites/default/files/alert-svgs/generated.svg',
    status_filter_label: 'Active',
    alert_level: entry.alertLevel,
    location: `${entry.street}, ${entry.suburb} 2${pad(entry.index % 1000, 3)}`,
    council_area: `${entry.suburb[0]}${entry.suburb.slice(1).toLowerCase()}`,
    type: entry.type,
    type_description: '',
    type_icon: '/sites/default/files/incident-type-svgs/generated.svg',
    fire: 'Yes',
    size: `${entry.callLeadMinutes} ha`,
    responsible_agency: entry.agency,
    updated: rfsTime(updatedAt),
  };
  // The site turns RFS description lines into keys, dates and all: `major_fire_update_as_at_9_jan_2026_5:52pm`.
  if (entry.alertLevel === 'Watch and Act') {
    const at = local(updatedAt);
    const clock = `${at.hour % 12 || 12}:${pad(at.minute)}${at.hour < 12 ? 'am' : 'pm'}`;
    const month = MONTHS[at.month - 1]?.toLowerCase() ?? '';
    record[`major_fire_update_as_at_${at.day}_${month}_${at.year}_${clock}`] = 'More information';
  }
  return record;
}

/** The feed's records for one render. */
export function actWebsiteRecords(options: RenderOptions): object[] {
  return visibleActEntries(options).map((visible) =>
    visible.entry.kind === 'nsw'
      ? nswRecord(visible)
      : visible.entry.kind === 'warning'
        ? warningRecord(visible)
        : incidentRecord(visible),
  );
}

export function renderActWebsiteIncidents(options: RenderOptions): string {
  return JSON.stringify(actWebsiteRecords(options));
}

export const ACT_GENERATORS: readonly FormatGenerator[] = [
  {
    format: 'act-esa-website-incidents-json',
    contentType: 'application/json',
    render: renderActWebsiteIncidents,
  },
];
