import { describe, expect, it } from 'vitest';
import {
  capEventTypeOf,
  createCapParser,
  preferredInfos,
  readCapAlerts,
  type CapAlert,
} from '../../../sources/common/cap.js';
import { eventTypeOfCapEventValue, warningLevelOfAlertLevel } from '../../../sources/common/cap-au.js';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import type { ParseResult } from '../../../model/index.js';

/**
 * The generic CAP 1.2 / CAP-AU reader (activities/sources/common/cap.ts) on small made-up documents.
 * (Kept beside the NSW tests, whose CAP parser is its first user.)
 */

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A CAP alert in the default namespace (no prefix). */
function alert(fields: Record<string, string> = {}, infos: string[] = [info()]): string {
  const value = (name: string, fallback: string): string =>
    fields[name] === '' ? '' : `<${name}>${fields[name] ?? fallback}</${name}>`;
  return (
    '<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">' +
    value('identifier', 'made-up-1') +
    value('sender', 'alerts@example.org.au') +
    value('sent', '2023-02-10T13:45:07.250Z') +
    value('status', 'Actual') +
    value('msgType', 'Alert') +
    value('scope', 'Public') +
    (fields.references ? `<references>${fields.references}</references>` : '') +
    (fields.incidents ? `<incidents>${fields.incidents}</incidents>` : '') +
    infos.join('') +
    '</alert>'
  );
}

function info(fields: Record<string, string> = {}, areas?: string): string {
  return (
    `<info><language>${fields.language ?? 'en-AU'}</language><category>Fire</category>` +
    `<event>${fields.event ?? 'Bushfire'}</event>` +
    (fields.responseType ? `<responseType>${fields.responseType}</responseType>` : '') +
    `<urgency>${fields.urgency ?? 'Immediate'}</urgency><severity>${fields.severity ?? 'Severe'}</severity>` +
    `<certainty>${fields.certainty ?? 'Likely'}</certainty>` +
    `<eventCode><valueName>https://govshare.gov.au/xmlui/handle/10772/6495</valueName><value>${fields.eventCode ?? 'bushFire'}</value></eventCode>` +
    (fields.effective ? `<effective>${fields.effective}</effective>` : '') +
    `<headline>${fields.headline ?? 'Bushfire Watch and Act - Makebelieve'}</headline>` +
    '<description>Leave early &lt;b&gt;now&lt;/b&gt;&lt;br&gt;Second line &#8211; more</description>' +
    `<parameter><valueName>AlertLevel</valueName><value>${fields.alertLevel ?? 'Watch and Act'}</value></parameter>` +
    (areas ??
      '<area><areaDesc>Makebelieve</areaDesc>' +
        '<polygon>-34.0,150.0 -34.0,150.2 -34.2,150.2 -34.2,150.0 -34.0,150.0</polygon>' +
        '<circle>-34.1,150.1 5</circle>' +
        '<geocode><valueName>http://www.iso.org/iso/country_codes.html</valueName><value>AU-NSW</value></geocode></area>') +
    '</info>'
  );
}

function edxl(prefix: string, ...alerts: string[]): string {
  const tag = (name: string): string => (prefix ? `${prefix}:${name}` : name);
  const objects = alerts
    .map(
      (item) =>
        `<${tag('contentObject')}><${tag('xmlContent')}><${tag('embeddedXMLContent')}>${item}` +
        `</${tag('embeddedXMLContent')}></${tag('xmlContent')}></${tag('contentObject')}>`,
    )
    .join('');
  const ns = prefix ? `xmlns:${prefix}` : 'xmlns';
  return `<${tag('EDXLDistribution')} ${ns}="urn:oasis:names:tc:emergency:EDXL:DE:1.0"><${tag('distributionID')}>x</${tag('distributionID')}>${objects}</${tag('EDXLDistribution')}>`;
}

/** The same alert with a `c:` prefix on every element. */
function prefixed(text: string): string {
  return text
    .replace(/<(\/?)([a-zA-Z]+)(?=[\s>])/g, '<$1c:$2')
    .replace(
      'xmlns="urn:oasis:names:tc:emergency:cap:1.2"',
      'xmlns:c="urn:oasis:names:tc:emergency:cap:1.2"',
    );
}

const parser = createCapParser({ feedName: 'Test CAP', state: 'nsw', agency: 'test' });
const parse = (text: string): ParseResult => parser(encode(text));

describe('common/cap.ts: reading documents', () => {
  it('reads a bare alert without prefixes: values as published, geometry [lng, lat]', () => {
    const [read] = readCapAlerts(encode(alert()), 'Test CAP');
    expect(read).toMatchObject({
      identifier: 'made-up-1',
      sender: 'alerts@example.org.au',
      status: 'Actual',
      msgType: 'Alert',
      scope: 'Public',
    } satisfies Partial<CapAlert>);
    const [first] = read?.infos ?? [];
    expect(first).toMatchObject({
      language: 'en-AU',
      event: 'Bushfire',
      severity: 'Severe',
      eventCodes: [{ valueName: 'https://govshare.gov.au/xmlui/handle/10772/6495', value: 'bushFire' }],
      parameters: [{ valueName: 'AlertLevel', value: 'Watch and Act' }],
      description: 'Leave early <b>now</b><br>Second line – more',
    });
    expect(first?.areas[0]).toEqual({
      areaDesc: 'Makebelieve',
      polygons: [
        [
          [
            [150, -34],
            [150.2, -34],
            [150.2, -34.2],
            [150, -34.2],
            [150, -34],
          ],
        ],
      ],
      circles: [{ centre: [150.1, -34.1], radiusKm: 5 }],
      geocodes: [{ valueName: 'http://www.iso.org/iso/country_codes.html', value: 'AU-NSW' }],
    });
  });

  it('reads the same alert with any prefix, and every alert of an EDXL-DE envelope', () => {
    const plain = readCapAlerts(encode(alert()), 'x');
    expect(readCapAlerts(encode(prefixed(alert())), 'x')).toEqual(plain);
    const two = readCapAlerts(
      encode(edxl('edxlde', prefixed(alert()), alert({ identifier: 'made-up-2' }))),
      'x',
    );
    expect(two.map((item) => item.identifier)).toEqual(['made-up-1', 'made-up-2']);
    expect(readCapAlerts(encode(edxl('', alert())), 'x')).toEqual(plain);
  });

  it('reads alerts inlined in an Atom feed, and refuses an index that only links to them', () => {
    const atom = (entries: string): string =>
      `<feed xmlns="http://www.w3.org/2005/Atom"><id>x</id><title>t</title>${entries}</feed>`;
    const inline = atom(`<entry><id>1</id><content type="text/xml">${alert()}</content></entry>`);
    expect(readCapAlerts(encode(inline), 'x').map((item) => item.identifier)).toEqual(['made-up-1']);
    expect(readCapAlerts(encode(atom('')), 'x')).toEqual([]);
    const index = atom('<entry><id>1</id><link rel="alternate" href="https://example.org/1.cap"/></entry>');
    expect(() => readCapAlerts(encode(index), 'x')).toThrow(MalformedFeedError);
  });

  it.each([
    ['an empty body', ''],
    ['blank lines only', '\n\n  '],
    ['an HTML page', '<!DOCTYPE html><html><body>Bad gateway</body></html>'],
    ['a truncated alert', alert().slice(0, 200)],
    ['an RSS document', '<rss><channel/></rss>'],
    ['plain text', 'Service unavailable'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => readCapAlerts(encode(text), 'Test CAP')).toThrow(MalformedFeedError);
    expect(() => parse(text)).toThrow(MalformedFeedError);
  });

  it('tolerates a BOM, blank lines, "lat, lon" with spaces, open rings and bad pairs', () => {
    const area =
      '<area><areaDesc>Somewhere</areaDesc>' +
      '<polygon>-34.0, 150.0\n-34.0, 150.2\n-34.2, 150.2\nnot,a-pair\n-34.2, 150.0</polygon>' +
      '<polygon>-34.0,150.0 -34.1,150.1</polygon><circle>-34.1, 150.1 0.0</circle></area>';
    const [read] = readCapAlerts(encode(`\uFEFF\n\n${alert({}, [info({}, area)])}`), 'x');
    const [only] = read?.infos[0]?.areas ?? [];
    expect(only?.polygons).toHaveLength(1);
    expect(only?.polygons[0]?.[0]).toHaveLength(5);
    expect(only?.polygons[0]?.[0]?.at(-1)).toEqual([150, -34]);
    expect(only?.circles).toEqual([{ centre: [150.1, -34.1], radiusKm: 0 }]);
  });

  it('prefers the en-AU info blocks and reads references and quoted incidents', () => {
    const [read] = readCapAlerts(
      encode(
        alert(
          {
            references: 'a@b,old-1,2023-02-10T10:00:00+11:00 a@b,old-2,2023-02-10T11:00:00+11:00',
            incidents: '"INC 1" 42',
          },
          [info({ language: 'fr-CA', headline: 'Feu' }), info({ headline: 'Fire' })],
        ),
      ),
      'x',
    );
    expect(read?.references.map((reference) => reference.identifier)).toEqual(['old-1', 'old-2']);
    expect(read?.incidents).toEqual(['INC 1', '42']);
    expect(preferredInfos(read!).map((item) => item.headline)).toEqual(['Fire']);
    expect(preferredInfos(read!, ['de-DE']).map((item) => item.headline)).toEqual(['Feu', 'Fire']);
  });
});

describe('common/cap.ts: the parser factory', () => {
  it('drafts the incident at the circle centre and its polygon as a warning area', () => {
    const result = parse(alert());
    expect(result.unmapped).toEqual([]);
    const [incident, warning] = result.incidents;
    expect(incident).toMatchObject({
      id: 'nsw-test-made-up-1',
      featureType: 'incident',
      source: { state: 'nsw', agency: 'test', feedId: 'made-up-1' },
      title: 'Bushfire Watch and Act - Makebelieve',
      eventType: 'bushfire',
      eventCategory: 'fire',
      status: 'active',
      warningLevel: 'watch_and_act',
      severity: 'Severe',
      urgency: 'Immediate',
      certainty: 'Likely',
      geometry: { type: 'Point', coordinates: [150.1, -34.1] },
      location: {
        address: 'Makebelieve',
        state: 'nsw',
        latitude: -34.1,
        longitude: 150.1,
        precision: 'exact',
      },
      // 13:45:07.250Z: milliseconds dropped, Sydney summer time.
      timestamps: { reported: '2023-02-11T00:45:07+11:00', updated: '2023-02-11T00:45:07+11:00' },
      details: {
        description: 'Leave early now\nSecond line – more',
        alert_level: 'Watch and Act',
        cap: {
          identifier: 'made-up-1',
          event_codes: ['bushFire'],
          circle_radius_km: 5,
          geocodes: ['AU-NSW'],
        },
      },
    });
    expect(warning).toMatchObject({
      id: 'nsw-test-made-up-1-warning',
      featureType: 'warning_area',
      parentId: 'nsw-test-made-up-1',
      geometry: { type: 'Polygon' },
    });
  });

  it('drops Test, Exercise, System and Draft alerts as test records', () => {
    const alerts = ['Test', 'Exercise', 'System', 'Draft', 'Actual'].map((status, index) =>
      alert({ status, identifier: `a${index}` }),
    );
    const result = parse(edxl('e', ...alerts));
    expect(result.incidents.map((draft) => draft.id)).toEqual(['nsw-test-a4', 'nsw-test-a4-warning']);
    expect(result.dropped).toEqual(
      ['a0', 'a1', 'a2', 'a3'].map((upstreamId) => ({ reason: 'test-record', upstreamId })),
    );
  });

  it('omits an incident a Cancel references, or whose latest message is a Cancel', () => {
    const byIncident = createCapParser({
      feedName: 'x',
      state: 'vic',
      agency: 'test',
      feedIdOf: (item) => item.incidents[0],
    });
    const result = byIncident(
      encode(
        edxl(
          'e',
          alert({ identifier: 'm1', incidents: 'A' }),
          alert({ identifier: 'm2', incidents: 'B' }),
          alert({ identifier: 'm3', incidents: 'B', msgType: 'Cancel', sent: '2023-02-10T14:00:00Z' }),
          alert({ identifier: 'm4', incidents: 'C' }),
          alert({
            identifier: 'm5',
            incidents: 'Z',
            msgType: 'Cancel',
            references: 'a@b,m4,2023-02-10T13:45:07Z',
          }),
          alert({ identifier: 'm6', incidents: 'D', msgType: 'Update' }),
          alert({ identifier: 'm7', incidents: 'D', msgType: 'Ack' }),
        ),
      ),
    );
    expect(
      result.incidents.filter((draft) => draft.featureType === 'incident').map((draft) => draft.id),
    ).toEqual(['vic-test-A', 'vic-test-D']);
    expect(result.dropped).toEqual([{ reason: 'duplicate', upstreamId: 'm2' }]);
  });

  it.each([
    ['newer first', true],
    ['older first', false],
  ])('keeps the latest message of an incident and drops the older as duplicates (%s)', (_, newerFirst) => {
    const newer = alert({ identifier: 'same', sent: '2023-02-10T14:00:00+11:00' }, [
      info({ headline: 'Newer' }),
    ]);
    const older = alert({ identifier: 'same', sent: '2023-02-10T13:00:00+11:00' }, [
      info({ headline: 'Older', alertLevel: 'Purple' }),
    ]);
    const result = parse(newerFirst ? edxl('e', newer, older) : edxl('e', older, newer));
    expect(result.incidents.map((draft) => [draft.featureType, draft.title])).toEqual([
      ['incident', 'Newer'],
      ['warning_area', 'Newer'],
    ]);
    expect(result.dropped).toEqual([{ reason: 'duplicate', upstreamId: 'same' }]);
    // The older message's unknown level describes nothing that is served: not reported.
    expect(result.unmapped).toEqual([]);
  });

  it('drops a message without any usable time before choosing the latest: it cannot hide another', () => {
    // Neither has a readable `sent`, so they tie; the timeless one, later in the document, used to win.
    const timed = alert({ identifier: 'same', sent: 'soon' }, [
      info({ headline: 'Timed', effective: '2023-02-10T14:00:00+11:00' }),
    ]);
    const timeless = alert({ identifier: 'same', sent: 'sooner' }, [info({ headline: 'Timeless' })]);
    const result = parse(edxl('e', timed, timeless));
    expect(result.incidents.map((draft) => draft.title)).toEqual(['Timed', 'Timed']);
    expect(result.dropped).toEqual([{ reason: 'no-timestamps', upstreamId: 'same' }]);
    expect(result.unmapped.map((value) => [value.field, value.value])).toEqual([
      ['sent', 'sooner'],
      ['sent', 'soon'],
    ]);
  });

  it('reports what it cannot map, and drops alerts without id or time', () => {
    const result = parse(
      edxl(
        'e',
        alert({ identifier: 'odd', status: 'Actual ' }, [
          info({
            severity: 'Foobar',
            urgency: 'Now',
            eventCode: 'meteorStrike',
            event: 'Skyfall',
            alertLevel: 'Purple',
          }),
        ]),
        alert({ identifier: '' }),
        alert({ identifier: 'timeless', sent: '' }),
        alert({ identifier: 'no-info' }, []),
      ),
    );
    const [incident] = result.incidents;
    expect(incident).toMatchObject({
      id: 'nsw-test-odd',
      eventType: 'other',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Likely',
    });
    expect(result.unmapped).toEqual([
      { field: 'eventCode', value: 'meteorStrike | Skyfall', incidentId: 'nsw-test-odd' },
      { field: 'AlertLevel', value: 'Purple', incidentId: 'nsw-test-odd' },
      { field: 'severity', value: 'Foobar', incidentId: 'nsw-test-odd' },
      { field: 'urgency', value: 'Now', incidentId: 'nsw-test-odd' },
      { field: 'info', value: '', incidentId: 'nsw-test-no-info' },
    ]);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: '' },
      { reason: 'no-timestamps', upstreamId: 'timeless' },
    ]);
  });

  it('uses effective when sent is missing, and AllClear makes the incident safe', () => {
    const result = parse(
      alert({ sent: '' }, [
        info({ responseType: 'AllClear', effective: '2023-06-01T09:00:00+10:00', alertLevel: 'Advice' }),
      ]),
    );
    expect(result.incidents[0]).toMatchObject({
      status: 'safe',
      warningLevel: 'advice',
      timestamps: { updated: '2023-06-01T09:00:00+10:00' },
    });
  });

  it('places an alert with only polygons at their centroid, and one without geometry nowhere', () => {
    const polygonOnly = parse(
      alert({}, [
        info(
          {},
          '<area><areaDesc>P</areaDesc><polygon>-34,150 -34,150.2 -34.2,150.2 -34.2,150 -34,150</polygon></area>',
        ),
      ]),
    );
    expect(polygonOnly.incidents[0]?.geometry?.type).toBe('Point');
    expect(polygonOnly.incidents[0]?.location.longitude).toBeCloseTo(150.1, 10);
    const nowhere = parse(alert({}, [info({}, '<area><areaDesc>Statewide</areaDesc></area>')]));
    expect(nowhere.incidents).toHaveLength(1);
    expect(nowhere.incidents[0]?.geometry).toBeNull();
    expect(nowhere.incidents[0]?.location).toEqual({
      address: 'Statewide',
      suburb: '',
      lga: '',
      state: 'nsw',
    });
  });
});

describe('common/cap-au.ts', () => {
  it('maps CAP-AU codes, display names and home-made spellings to event types', () => {
    expect(
      [
        'bushFire',
        'Bushfire',
        'grassFire',
        'Grass Fire',
        'structure_fire',
        'riverineflod',
        'roadCrash',
        'Fire',
      ].map(eventTypeOfCapEventValue),
    ).toEqual([
      'bushfire',
      'bushfire',
      'grass_fire',
      'grass_fire',
      'structure_fire',
      'flood',
      'vehicle_accident',
      'other',
    ]);
    expect(eventTypeOfCapEventValue('meteorStrike')).toBeUndefined();
  });

  it('lets the first specific value win over generic codes', () => {
    const [read] = readCapAlerts(encode(alert({}, [info({ eventCode: 'fire', event: 'Grassfire' })])), 'x');
    expect(capEventTypeOf(read!.infos)).toEqual({
      eventType: 'grass_fire',
      known: true,
      values: ['fire', 'Grassfire'],
    });
    const [generic] = readCapAlerts(encode(alert({}, [info({ eventCode: 'other', event: 'Other' })])), 'x');
    expect(capEventTypeOf(generic!.infos)).toMatchObject({ eventType: 'other', known: true });
  });

  it('reads the AWS levels of FEEDS.md 1.1', () => {
    expect(
      ['Emergency Warning', 'watch & act', 'Advice', 'Not Applicable', ''].map(warningLevelOfAlertLevel),
    ).toEqual(['emergency_warning', 'watch_and_act', 'advice', 'none', 'none']);
    expect(warningLevelOfAlertLevel('Purple')).toBeUndefined();
  });
});
