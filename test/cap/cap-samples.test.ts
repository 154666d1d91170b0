import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCapAlerts } from '../../sources/common/cap.js';
import { FEED_CATALOGUE, parseSettings } from '../../config/index.js';
import { capAtomFeed } from '../../exports/cap/cap-atom.js';
import { capAlertDocument } from '../../exports/cap/cap-document.js';
import { capIdentifier } from '../../exports/cap/cap-messages.js';
import { capDateTime } from '../../exports/cap/cap-time.js';
import { edxlDistribution } from '../../exports/cap/edxl-de.js';
import { capIssuer } from '../../exports/cap/issuer.js';
import {
  ALERT_LEVEL_BY_WARNING,
  CAP_EVENT_BY_TYPE,
  STATE_TIME_ZONES,
  type IncidentGeometry,
  type IncidentRecord,
} from '../../model/index.js';
import { CapValidators } from '../../replay/cap-validation.js';
import { requireSharedFolder } from '../../replay/shared-samples.js';
import { FIRST, RETRACTED, SECOND, lifecycle, sampleRecords } from '../../replay/cap-samples.js';

const settings = parseSettings({});
const issuer = capIssuer(
  { sender: settings.CAP_SENDER, profileCode: settings.CAP_PROFILE_CODE },
  FEED_CATALOGUE,
);
describe('CAP documents from every real upstream sample', () => {
  let validators: CapValidators;
  let samples: { file: string; records: IncidentRecord[] }[];

  beforeAll(() => {
    validators = CapValidators.load();
    samples = sampleRecords();
  });

  it('covers every state and every feature type the samples carry', () => {
    const records = samples.flatMap((sample) => sample.records);
    expect(new Set(records.map((record) => record.state))).toEqual(
      new Set(['nsw', 'vic', 'qld', 'sa', 'wa', 'tas', 'nt', 'act']),
    );
    expect(new Set(records.map((record) => record.feature_type))).toEqual(
      new Set(['incident', 'incident_area', 'warning_area', 'fire_ban_area']),
    );
  });

  it('the validators reject the mistakes real producers made', () => {
    const example = (name: string) => readFileSync(requireSharedFolder(`cap/examples/${name}`), 'utf8');
    // WA: fractional seconds, trailing spaces in enumerations, an empty responseType.
    expect(validators.edxlProblems(example('seevee_cap_alerts__au_wa.xml'), issuer.profileCode)).not.toEqual(
      [],
    );
    expect(
      validators.edxlProblems(example('google_cap-library__bushfire_invalid.edxlde'), issuer.profileCode),
    ).not.toEqual([]);

    const [record] = samples.find((sample) => sample.records.length > 0)!.records;
    const [, , cancel] = lifecycle(record!);
    const valid = capAlertDocument(cancel!.record, cancel!.message, issuer);
    expect(validators.alertProblems(valid, issuer.profileCode)).toEqual([]);
    const broken = {
      'no profile code': valid.replace(/<code>[^<]*<\/code>/, ''),
      'effective on a Cancel': valid.replace(
        '<onset>',
        '<effective>2026-11-20T10:00:00+11:00</effective><onset>',
      ),
      'no references': valid.replace(/<references>[^<]*<\/references>/, ''),
      'event not the code': valid.replace(/<event>[^<]*<\/event>/, '<event>Something Else</event>'),
      'fractional seconds': valid.replace(/<sent>(\S{19})/, '<sent>$1.5'),
      'no area': valid.replace(/<area>[\s\S]*<\/area>/, ''),
    };
    for (const [what, xml] of Object.entries(broken)) {
      expect(xml, what).not.toBe(valid);
      expect(validators.alertProblems(xml, issuer.profileCode), what).not.toEqual([]);
    }
    const open = validators.profileProblems(
      valid.replace(
        /<area>[\s\S]*<\/area>/,
        '<area><areaDesc>x</areaDesc><polygon>-35,149 -35,150 -34,150</polygon></area>',
      ),
      issuer.profileCode,
    );
    expect(open.join()).toMatch(/polygon with 3 pairs.*polygon not closed/);
  });

  it('emits a schema-valid CAP-AU Alert, Update and Cancel for every incident and area', () => {
    let documents = 0;
    const problems: string[] = [];
    for (const { file, records } of samples) {
      for (const record of records) {
        for (const { record: version, message } of lifecycle(record)) {
          const found = validators.alertProblems(
            capAlertDocument(version, message, issuer),
            issuer.profileCode,
          );
          problems.push(...found.map((problem) => `${file} ${record.id} ${message.msgType}: ${problem}`));
          documents++;
        }
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(documents).toBeGreaterThan(1000);
  });

  it('emits a valid Atom feed and EDXL-DE distribution for each sample, Cancels included', () => {
    for (const { file, records } of samples) {
      // Every other record retracted: the feed mixes Alerts and Cancels.
      const entries = records.map((record, index) =>
        index % 2 === 0 ? lifecycle(record)[0]! : lifecycle(record)[2]!,
      );
      const atom = capAtomFeed(entries, issuer, {
        title: file,
        feedKey: file,
        selfUrl: 'https://api.example/v1/incidents?format=cap-atom',
        nextUrl: 'https://api.example/v1/incidents?format=cap-atom&after=x',
        alertUrl: (record) =>
          `https://api.example/v1/incidents/${encodeURIComponent(record.id)}?format=cap-au`,
        updated: new Date(RETRACTED),
      });
      expect(validators.atomProblems(atom, issuer.profileCode), file).toEqual([]);
      const edxl = edxlDistribution(entries, issuer, {
        distributionKey: file,
        sent: capDateTime(RETRACTED, 'UTC'),
      });
      expect(validators.edxlProblems(edxl, issuer.profileCode), file).toEqual([]);
    }
  });

  it('round-trips: every alert read back says what its incident says', () => {
    for (const { file, records } of samples) {
      for (const record of records) {
        const [, update, cancel] = lifecycle(record);
        const [alert] = readCapAlerts(capAlertDocument(update!.record, update!.message, issuer), file);
        const info = alert!.infos[0]!;
        const zone = STATE_TIME_ZONES[record.state];
        const where = `${file} ${record.id}`;
        expect(alert!.identifier, where).toBe(capIdentifier(record.id, 2));
        expect(alert!.sender, where).toBe(issuer.sender);
        expect(alert!.sent, where).toBe(capDateTime(SECOND, zone));
        expect(alert!.msgType, where).toBe('Update');
        expect(alert!.codes, where).toEqual([issuer.profileCode]);
        expect(alert!.references, where).toEqual([
          { sender: issuer.sender, identifier: capIdentifier(record.id, 1), sent: capDateTime(FIRST, zone) },
        ]);
        expect(info.event, where).toBe(CAP_EVENT_BY_TYPE[record.event_type].event);
        expect([info.severity, info.urgency, info.certainty], where).toEqual([
          record.severity,
          record.urgency,
          record.certainty,
        ]);
        const parameter = (name: string) => info.parameters.find((p) => p.valueName === name)?.value;
        expect(parameter('AlertLevel'), where).toBe(ALERT_LEVEL_BY_WARNING[record.warning_level]);
        expect(parameter('IncidentType'), where).toBe(record.event_type);
        expect(parameter('Status'), where).toBe(record.status);
        expect(info.headline ?? '', where).toBe(record.title);
        expect(info.senderName, where).toBe(issuer.agency(record.state, record.agency)?.name);
        expect(info.web, where).toMatch(/^https?:\/\//);
        expect(Date.parse(info.onset!), where).toBe(Math.floor(Date.parse(record.reported_at) / 1000) * 1000);
        expectSameShapes(record, info.areas[0]!, where);

        const [cancelled] = readCapAlerts(capAlertDocument(cancel!.record, cancel!.message, issuer), file);
        expect(cancelled!.msgType, where).toBe('Cancel');
        expect(
          cancelled!.references.map((r) => r.identifier),
          where,
        ).toEqual([capIdentifier(record.id, 1), capIdentifier(record.id, 2)]);
        expect(cancelled!.infos[0]!.effective, where).toBeUndefined();
        expect(cancelled!.infos[0]!.responseTypes, where).toEqual(['AllClear']);
      }
    }
  });
});

/** The alert's polygons are the geometry's outer rings (6 decimals), or its circle is the point. */
function expectSameShapes(
  record: IncidentRecord,
  area: ReturnType<typeof readCapAlerts>[number]['infos'][number]['areas'][number],
  where: string,
): void {
  const geometry = record.geometry ? (JSON.parse(record.geometry) as IncidentGeometry) : null;
  const near = (a: number, b: number) => Math.abs(a - b) <= 5e-7;
  expect(area.geocodes, where).toEqual([
    { valueName: 'http://www.iso.org/iso/country_codes.html', value: `AU-${record.state.toUpperCase()}` },
  ]);
  if (geometry?.type === 'Point') {
    const [lon, lat] = geometry.coordinates;
    expect(area.circles.length, where).toBe(1);
    expect(near(area.circles[0]!.centre[0], lon) && near(area.circles[0]!.centre[1], lat), where).toBe(true);
    return;
  }
  const rings =
    geometry?.type === 'Polygon'
      ? [geometry.coordinates[0]!]
      : geometry?.type === 'MultiPolygon'
        ? geometry.coordinates.map((polygon) => polygon[0]!)
        : [];
  if (area.polygons.length === 0) {
    // No ring survived rounding: the location is a circle, or the area is only its geocode.
    if (record.latitude !== null) expect(area.circles.length, where).toBe(1);
    return;
  }
  const onRing = (ring: readonly [number, number][], [lon, lat]: [number, number]) =>
    ring.some(([x, y]) => near(x, lon) && near(y, lat));
  for (const polygon of area.polygons) {
    const outer = polygon[0]!;
    const source = rings.find((ring) => outer.every((vertex) => onRing(ring, vertex)));
    expect(source, `${where}: every pair of a polygon is a vertex of one outer ring`).toBeDefined();
  }
}
