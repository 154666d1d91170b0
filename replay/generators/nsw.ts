import { DateTime } from 'luxon';
import { STATE_TIME_ZONES, type Position } from '../../model/index.js';
import { fireComplexes } from './fire-complexes.js';
import {
  descriptionHead,
  renderNswMajorIncidents,
  syntheticNswIncidents,
  type SyntheticIncident,
} from './nsw-rfs.js';
import { tickTime, visiblePoolEntries, type FormatGenerator, type RenderOptions } from './types.js';
import { capitalised, draws } from './draws.js';
import { prng } from '../random.js';
import { ringAround } from './rings.js';

/** Fires start out of control, then are brought under control over the next ticks. */
const PROGRESSION = ['Out of control', 'Out of control', 'Being controlled', 'Under control'];

const ZONE = STATE_TIME_ZONES.nsw;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * The incidents visible at a tick, statuses progressing with age, `updated` on the tick they last
 * changed. `idBase` keeps each format's made-up incident numbers apart from the other NSW formats' (the
 * demo scripts every feed with its own seed, so equal numbers would be different incidents).
 */
function visibleIncidents(options: RenderOptions, idBase = 0): SyntheticIncident[] {
  return visiblePoolEntries(options, syntheticNswIncidents).map(({ entry: base, age, firstTick }) => {
    const step = Math.min(age, PROGRESSION.length - 1);
    return {
      ...base,
      id: base.id + idBase,
      status: /fire|burn|hazard/i.test(base.type) ? PROGRESSION[step]! : base.status,
      updated: tickTime(options, firstTick + step),
    };
  });
}

function renderMajorIncidents(options: RenderOptions): string {
  const complexes = options.fireComplexes ? fireComplexes(options) : [];
  return renderNswMajorIncidents([...visibleIncidents(options), ...complexes]);
}

const AGENCIES = ['Rural Fire Service', 'Fire and Rescue NSW', 'NSW National Parks and Wildlife Service'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `17 Oct 2011 22:18`: the description's UPDATED, Sydney wall clock. */
function updatedText(date: Date): string {
  const local = DateTime.fromJSDate(date, { zone: ZONE });
  return `${local.day} ${MONTHS[local.month - 1]} ${local.year} ${pad(local.hour)}:${pad(local.minute)}`;
}

/** The 2011–2014 description lines (no FIRE line in CAP 2011, one in GeoRSS 2013: both kept). */
function descriptionLines(incident: SyntheticIncident): string[] {
  return [
    ...descriptionHead(incident),
    `RESPONSIBLE AGENCY: ${AGENCIES[incident.id % AGENCIES.length] ?? 'Rural Fire Service'}`,
    `UPDATED: ${updatedText(incident.updated)}`,
  ];
}

const latLon = ([lng, lat]: Position, separator: string): string => `${lat}${separator}${lng}`;

/** Each fire-area polygon's outer ring as a `tag` element of space-separated `lat<separator>lon` pairs. */
function polygonElements(incident: SyntheticIncident, tag: string, separator: string): string {
  return (incident.polygons ?? [])
    .map(([ring = []]) => `<${tag}>${ring.map((position) => latLon(position, separator)).join(' ')}</${tag}>`)
    .join('');
}

// --- majorIncidents.xml (RSS 2.0 + GeoRSS, the 2013 shape) ---

function georssItem(incident: SyntheticIncident): string {
  const day = DateTime.fromJSDate(incident.updated, { zone: ZONE }).toISODate() ?? '';
  const polygons = polygonElements(incident, 'georss:polygon', ' ');
  return (
    `<item><title>${escapeXml(incident.title)}</title><link>http://www.rfs.nsw.gov.au/dsp_content.cfm?cat_id=683</link>` +
    `<category>${incident.alertLevel}</category>` +
    `<guid isPermaLink="false">tag:www.rfs.nsw.gov.au,${day}:${incident.id}</guid>` +
    `<pubDate>${incident.updated.toUTCString()}</pubDate>` +
    `<description><![CDATA[${descriptionLines(incident).join('<br />')}]]></description>` +
    `<georss:point>${incident.lat} ${incident.lng}</georss:point>${polygons}</item>`
  );
}

/** A majorIncidents.xml body: BOM, GMT pubDates, point plus several polygons per item (as upstream). */
function renderMajorIncidentsGeoRss(options: RenderOptions): string {
  const incidents = visibleIncidents(options, 2_000_000);
  const asAt = tickTime(options, options.tick);
  return (
    '\uFEFF<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:georss="http://www.georss.org/georss" ' +
    'xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>NSW Rural Fire Service Current Incidents</title>' +
    '<link>http://www.rfs.nsw.gov.au/dsp_content.cfm?cat_id=683</link><language>en-AU</language>' +
    '<atom:link href="http://www.rfs.nsw.gov.au/feeds/majorIncidents.xml" rel="self" type="application/rss+xml" />' +
    `<pubDate>${asAt.toUTCString()}</pubDate><ttl>60</ttl>${incidents.map(georssItem).join('')}</channel></rss>`
  );
}

// --- majorIncidentsCAP.xml (EDXL-DE 1.0 wrapping CAP 1.2 / CAP-AU) ---

/** RFS TYPE → CAP-AU event code and its AUeventLIST name. */
function capEventOf(type: string): [code: string, name: string] {
  if (/^bush/i.test(type)) return ['bushFire', 'Bushfire'];
  if (/grass/i.test(type)) return ['grassFire', 'Grass Fire'];
  if (/^structure/i.test(type)) return ['structurFire', 'Structure Fire'];
  if (/^MVA/i.test(type)) return ['roadCrash', 'Motor Vehicle Accident'];
  if (/^HAZMAT/i.test(type)) return ['hazmat', 'Hazardous Materials'];
  if (/rescue/i.test(type)) return ['rescue', 'Rescue'];
  if (/storm/i.test(type)) return ['storm', 'Storm'];
  if (/^medical/i.test(type)) return ['ambulance', 'Ambulance'];
  if (/fire|burn|hazard/i.test(type)) return ['fire', 'Fire'];
  return ['other', 'Other Non-Urgent Alerts'];
}

/** `2014-05-08T10:31:00-00:00`: UTC as CAP writes it. */
function capUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19)}-00:00`;
}

function parameter(name: string, value: string): string {
  return `<cap:parameter><cap:valueName>${name}</cap:valueName><cap:value>${escapeXml(value)}</cap:value></cap:parameter>`;
}

function capAlert(incident: SyntheticIncident): string {
  const sent = capUtc(incident.updated);
  const expires = capUtc(new Date(incident.updated.getTime() + 24 * 3_600_000));
  const [code, name] = capEventOf(incident.type);
  const polygons = polygonElements(incident, 'cap:polygon', ',');
  // As NSW does: a hollow severity whatever the level, certainty Observed, expires = sent + 24 h.
  return (
    '<edxlde:contentObject>' +
    `<edxlde:contentDescription>Information on ${escapeXml(incident.title)}</edxlde:contentDescription>` +
    '<edxlde:xmlContent><edxlde:embeddedXMLContent><cap:alert xmlns:cap="urn:oasis:names:tc:emergency:cap:1.2">' +
    `<cap:identifier>${sent}:${incident.id}</cap:identifier><cap:sender>webmaster@rfs.nsw.gov.au</cap:sender>` +
    `<cap:sent>${sent}</cap:sent><cap:status>Actual</cap:status><cap:msgType>Alert</cap:msgType><cap:scope>Public</cap:scope>` +
    '<cap:code>urn:oasis:names:tc:emergency:cap:1.2:profile:CAP-AU:1.0</cap:code>' +
    `<cap:incidents>${incident.id}</cap:incidents>` +
    '<cap:info><cap:language>en-AU</cap:language><cap:category>Fire</cap:category>' +
    `<cap:event>${name}</cap:event><cap:responseType>Monitor</cap:responseType>` +
    `<cap:urgency>Unknown</cap:urgency><cap:severity>${incident.alertLevel === 'Advice' ? 'Moderate' : 'Minor'}</cap:severity>` +
    '<cap:certainty>Observed</cap:certainty>' +
    `<cap:eventCode><cap:valueName>https://govshare.gov.au/xmlui/handle/10772/6495</cap:valueName><cap:value>${code}</cap:value></cap:eventCode>` +
    `<cap:effective>${sent}</cap:effective><cap:expires>${expires}</cap:expires>` +
    `<cap:senderName>NSW Rural Fire Service</cap:senderName><cap:headline>${escapeXml(incident.title)}</cap:headline>` +
    `<cap:description>${escapeXml(descriptionLines(incident).join('<br />'))}</cap:description>` +
    '<cap:web>https://www.rfs.nsw.gov.au/fire-information/fires-near-me</cap:web>' +
    parameter('AlertLevel', incident.alertLevel) +
    parameter('Status', incident.status) +
    parameter('Location', incident.location) +
    parameter('Fireground', `${incident.sizeHa} ha`) +
    parameter('ControlAuthority', AGENCIES[incident.id % AGENCIES.length] ?? 'Rural Fire Service') +
    `<cap:area><cap:areaDesc>${escapeXml(incident.title)}</cap:areaDesc>${polygons}` +
    `<cap:circle>${incident.lat},${incident.lng} 0.0</cap:circle>` +
    '<cap:geocode><cap:valueName>http://www.iso.org/iso/country_codes.html</cap:valueName><cap:value>AU-NSW</cap:value></cap:geocode>' +
    '</cap:area></cap:info></cap:alert></edxlde:embeddedXMLContent></edxlde:xmlContent></edxlde:contentObject>'
  );
}

/** A majorIncidentsCAP.xml body: one EDXL-DE envelope, one CAP-AU alert per incident. */
function renderMajorIncidentsCap(options: RenderOptions): string {
  const incidents = visibleIncidents(options, 3_000_000);
  const sent = capUtc(tickTime(options, options.tick));
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<edxlde:EDXLDistribution xmlns:edxlde="urn:oasis:names:tc:emergency:EDXL:DE:1.0">' +
    `<edxlde:distributionID>RFSUniqueID:${sent}</edxlde:distributionID><edxlde:senderID>webmaster@rfs.nsw.gov.au</edxlde:senderID>` +
    `<edxlde:dateTimeSent>${sent}</edxlde:dateTimeSent><edxlde:distributionStatus>Actual</edxlde:distributionStatus>` +
    '<edxlde:distributionType>Report</edxlde:distributionType>' +
    '<edxlde:combinedConfidentiality>UNCLASSIFIED AND NOT SENSITIVE</edxlde:combinedConfidentiality>' +
    '<edxlde:language>en-AU</edxlde:language><edxlde:targetArea><edxlde:subdivision>AU-NSW</edxlde:subdivision></edxlde:targetArea>' +
    `${incidents.map(capAlert).join('')}</edxlde:EDXLDistribution>`
  );
}

// --- hazard reductions (Funnelback hr-map-data JSON) ---

export interface SyntheticBurn {
  guarReference: string;
  location: string;
  lga: string;
  leadAgency: string;
  supportingAgencies: string;
  tenure: string;
  sizeHa: number;
  /** Outer rings of [lng, lat]. */
  rings: Position[][];
}

/** Lead agencies as the list writes them, cut at 24 characters. */
const LEAD_AGENCIES = [
  'NSW Rural Fire Service',
  'NSW Rural Fire Service',
  'National Parks and Wildl',
  'Fire + Rescue NSW (FRNSW',
  'Forestry Corporation NSW',
  'Private',
];
const SUPPORTING = ['', '', 'Private', 'Council', 'NSW Rural Fire Service State Mitigation Service, Private'];
const TENURES = ['Private', 'Crown Land', 'Local Govt', 'National Park', 'Local Govt, Private', 'Forestry'];
const SYLLABLES = 'bel wan dor ik mur ra tal en gow lo ber ny sa'.split(' ');
const PLACES = ['Reserve', 'Ridge', 'Sfaz', 'Creek', 'Road', 'Trail', 'Complex'];

export function syntheticNswBurns(count: number, seed: number): SyntheticBurn[] {
  const random = prng(seed ^ 0x5eed);
  const { pick, word } = draws(random);
  const name = (): string => capitalised(word(SYLLABLES));
  let reference = '';
  return Array.from({ length: count }, (_, index) => {
    // Units of one approval come in runs; a few burns have no approval reference at all.
    if (index === 0 || random() < 0.7) {
      reference =
        random() < 0.05 ? '' : `BA-20${17 + Math.floor(random() * 6)}-${String(index).padStart(5, '0')}`;
    }
    const lng = 146 + random() * 6;
    const lat = -36 + random() * 6;
    const rings = Array.from({ length: random() < 0.1 ? 2 : 1 }, () => {
      const vertices = 6 + Math.floor(random() * 8);
      const centreLng = lng + (random() - 0.5) * 0.02;
      const centreLat = lat + (random() - 0.5) * 0.02;
      return ringAround(centreLng, centreLat, vertices, () => 0.002 + random() * 0.01);
    });
    return {
      guarReference: reference,
      location: `${name()} ${pick(PLACES)}`,
      lga: `${name()} ${random() < 0.5 ? 'Shire' : 'Valley'}`,
      leadAgency: pick(LEAD_AGENCIES),
      supportingAgencies: pick(SUPPORTING),
      tenure: pick(TENURES),
      sizeHa: Math.round(random() * 50_000) / 100,
      rings,
    };
  });
}

/** `D/MM/YYYY` of a Sydney day. */
function burnDate(local: DateTime): string {
  return `${local.day}/${pad(local.month)}/${local.year}`;
}

/**
 * A burn listed from tick `firstTick` starts on the day of the tick after and ends two ticks later:
 * with day-long ticks it is scheduled, then in its window, then ended (status active → completed); with
 * shorter ticks all of that falls on one day.
 */
function renderHazardReductions(options: RenderOptions): string {
  const day = (tick: number): DateTime => DateTime.fromJSDate(tickTime(options, tick), { zone: ZONE });
  const asAt = day(options.tick).toFormat('LLL d, yyyy h:mm:ss a', { locale: 'en-US' });
  const results = visiblePoolEntries(options, syntheticNswBurns).map(({ entry: burn, firstTick }) => {
    return {
      leadAgency: burn.leadAgency,
      lga: burn.lga,
      supportingAgencies: burn.supportingAgencies,
      size: `${burn.sizeHa.toFixed(2)} ha`,
      location: `${burn.location} HAZARD REDUCTION`,
      guarReference: burn.guarReference,
      geometryType: 'MultiPolygon',
      tenure: burn.tenure,
      startDate: burnDate(day(firstTick + 1)),
      endDate: burnDate(day(firstTick + 3)),
      polygons: burn.rings.map((ring) => ({
        polygon: `${ring.map((position) => latLon(position, ';')).join('|')}|`,
      })),
    };
  });
  const document = {
    resultsSummary: {
      numRanks: 10000,
      currStart: 1,
      currEnd: results.length,
      totalMatching: results.length,
      collectionUpdated: asAt,
      query: '!null',
    },
    results,
  };
  // Funnelback answers with blank lines before the JSON.
  return `\n\n${JSON.stringify(document, null, 4)}`;
}

export const NSW_GENERATORS: readonly FormatGenerator[] = [
  {
    format: 'nsw-rfs-major-incidents-geojson',
    contentType: 'application/json',
    render: renderMajorIncidents,
  },
  {
    format: 'nsw-rfs-major-incidents-georss',
    contentType: 'application/rss+xml',
    render: renderMajorIncidentsGeoRss,
  },
  {
    format: 'nsw-rfs-major-incidents-cap',
    contentType: 'application/xml',
    render: renderMajorIncidentsCap,
  },
  {
    format: 'nsw-rfs-hazard-reductions-json',
    contentType: 'application/json',
    render: renderHazardReductions,
  },
];
