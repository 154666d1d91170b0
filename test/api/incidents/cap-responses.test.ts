import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalise } from '../../../model/index.js';
import { readCapAlerts, type CapAlert } from '../../../sources/common/cap.js';
import { parseNswRfsMajorIncidents } from '../../../sources/nsw/rfs-major-incidents.js';
import { publishCapFeed } from '../../../warehouse/publish-cap.js';
import { publishNow } from '../../../warehouse/publisher.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { createApp, type App } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { FEED_CATALOGUE, parseSettings } from '../../../config/index.js';
import { capIdentifier } from '../../../exports/cap/cap-messages.js';
import { capIssuer } from '../../../exports/cap/issuer.js';
import { toRecord, type IncidentRecord } from '../../../model/index.js';
import { CapValidators } from '../../../replay/cap-validation.js';
import { bearer, testAccess, type TestAccess } from '../../support/keys.js';
import { ResponseValidator } from '../../support/openapi-validator.js';
import { requireSharedFolder } from '../../../replay/shared-samples.js';

const FEED = 'nsw-rfs-major-incidents';
const NSW_FEED = FEED_CATALOGUE.find((feed) => feed.key === FEED)!;
const FIRST_POLL = '2026-11-10T10:00:00+11:00';
const SECOND_POLL = '2026-11-11T10:00:00+11:00';
const WITHIN_WEEK = new Date('2026-11-15T00:00:00Z');
const AFTER_WEEK = new Date('2026-11-19T00:00:00Z');
const settings = parseSettings({ CAP_SENDER: 'alerts@eids.test' });
const issuer = capIssuer({ sender: settings.CAP_SENDER, profileCode: settings.CAP_PROFILE_CODE }, [NSW_FEED]);

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true });
interface AtomEntry {
  id: string;
  title: string;
  link: { '@_href': string; '@_type': string };
  content: { alert: { identifier: string; msgType: string } };
}
interface AtomFeed {
  feed: {
    id: string;
    link: { '@_rel': string; '@_href': string }[] | { '@_rel': string; '@_href': string };
    entry?: AtomEntry | AtomEntry[];
  };
}
const entriesOf = (feed: AtomFeed): AtomEntry[] =>
  feed.feed.entry === undefined ? [] : Array.isArray(feed.feed.entry) ? feed.feed.entry : [feed.feed.entry];
const linksOf = (feed: AtomFeed) => [feed.feed.link].flat();

describe('CAP outputs of the API, over a warehouse with updates and retractions', () => {
  let dir: string;
  let warehouse: Warehouse;
  let store: ServingStore;
  let validators: CapValidators;
  let openapi: ResponseValidator;
  let now = WITHIN_WEEK;
  let app: App;
  let first: IncidentRecord[];
  let changed: IncidentRecord[];
  let dropped: IncidentRecord[];
  let access: TestAccess;
  let token: string;

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = bearer(token, Object.fromEntries(new Headers(init.headers).entries()));
    const response = await app.request(path, { ...init, headers });
    await openapi.check('GET', path, response);
    return response;
  }

  beforeAll(async () => {
    validators = CapValidators.load();
    access = testAccess();
    ({ token } = await access.issue('free'));
    dir = await mkdtemp(join(tmpdir(), 'eids-cap-'));
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    const samples = requireSharedFolder('upstream/samples/nsw/');
    const { incidents } = parseNswRfsMajorIncidents(
      readFileSync(`${samples}nsw-rfs-majorIncidents-2020-01-26-black-summer-EW-recompacted.json`),
    );
    first = incidents.map((draft) => toRecord(normalise(draft, FIRST_POLL)));
    const points = first.filter((record) => record.feature_type === 'incident');
    // Second poll: three incidents change, two are gone, the rest are as they were.
    changed = points
      .slice(0, 3)
      .map((record) => ({ ...record, status: 'controlled', fetched_at: SECOND_POLL }));
    dropped = points.slice(3, 5);
    const gone = new Set(dropped.map((record) => record.id));
    const second = first
      .filter((record) => !gone.has(record.id))
      .map((record) => changed.find((c) => c.id === record.id) ?? { ...record, fetched_at: SECOND_POLL });
    for (const [records, polledAt] of [
      [first, FIRST_POLL],
      [second, SECOND_POLL],
    ] as const) {
      await warehouse.commit({
        feedKey: FEED,
        rawSha256: 'c'.repeat(64),
        incoming: records,
        polledAt,
        pollId: `poll@${polledAt}`,
        guarded: false,
      });
      await publishNow(warehouse, join(dir, 'serving'), { now: () => WITHIN_WEEK });
    }
    await publishCapFeed(warehouse.db, {
      file: join(dir, 'exports', 'cap', 'incidents.atom'),
      issuer,
      baseUrl: '',
      now: WITHIN_WEEK,
    });
    store = await ServingStore.open(join(dir, 'serving'));
    app = createApp({
      store,
      feedHealth: { read: () => Promise.resolve([undefined]) },
      catalogue: [NSW_FEED],
      cursors: new CursorCodec('cap-test-secret'),
      keys: access.store,
      quota: access.store,
      cap: issuer,
      publicBaseUrl: 'https://api.eids.test',
      capFeedFile: join(dir, 'exports', 'cap', 'incidents.atom'),
      version: 'test',
      startedAt: WITHIN_WEEK,
      now: () => now,
    });
    const document = (await (await app.request('/v1/openapi.json')).json()) as object;
    openapi = new ResponseValidator(document as ConstructorParameters<typeof ResponseValidator>[0]);
  });
  afterAll(async () => {
    store.close();
    warehouse.close();
    access.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function alertOf(id: string): Promise<CapAlert> {
    const response = await request(`/v1/incidents/${encodeURIComponent(id)}?format=cap-au`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/cap+xml; charset=utf-8');
    const body = await response.text();
    expect(validators.alertProblems(body, issuer.profileCode)).toEqual([]);
    return readCapAlerts(body, 'api')[0]!;
  }

  it('serves a first version as an Alert, with no references', async () => {
    const unchanged = first.find(
      (record) =>
        record.feature_type === 'incident' &&
        !changed.some((c) => c.id === record.id) &&
        !dropped.some((d) => d.id === record.id),
    )!;
    const alert = await alertOf(unchanged.id);
    expect(alert.msgType).toBe('Alert');
    expect(alert.identifier).toBe(capIdentifier(unchanged.id, 1));
    expect(alert.sender).toBe('alerts@eids.test');
    expect(alert.sent).toBe('2026-11-10T10:00:00+11:00');
    expect(alert.references).toEqual([]);
    expect(alert.infos[0]!.senderName).toBe('NSW Rural Fire Service');
  });

  it('serves a changed incident as an Update referencing the Alert it updates', async () => {
    const alert = await alertOf(changed[0]!.id);
    expect(alert.msgType).toBe('Update');
    expect(alert.identifier).toBe(capIdentifier(changed[0]!.id, 2));
    expect(alert.sent).toBe('2026-11-11T10:00:00+11:00');
    expect(alert.references).toEqual([
      {
        sender: 'alerts@eids.test',
        identifier: capIdentifier(changed[0]!.id, 1),
        sent: '2026-11-10T10:00:00+11:00',
      },
    ]);
    expect(alert.infos[0]!.parameters).toContainEqual({ valueName: 'Status', value: 'controlled' });
  });

  it('serves a retracted incident as a Cancel referencing its chain, without effective', async () => {
    const alert = await alertOf(dropped[0]!.id);
    expect(alert.msgType).toBe('Cancel');
    expect(alert.identifier).toBe(capIdentifier(dropped[0]!.id, 2));
    expect(alert.references.map((reference) => reference.identifier)).toEqual([
      capIdentifier(dropped[0]!.id, 1),
    ]);
    expect(alert.infos[0]!.effective).toBeUndefined();
    expect(alert.infos[0]!.urgency).toBe('Past');
  });

  it('answers 404 problem+json for an unknown id in cap-au too', async () => {
    const response = await request('/v1/incidents/nsw-rfs-nope?format=cap-au');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });

  async function atomPages(query: string): Promise<{ feeds: AtomFeed[]; bodies: string[] }> {
    const feeds: AtomFeed[] = [];
    const bodies: string[] = [];
    let next: string | undefined = `/v1/incidents?${query}`;
    while (next) {
      const response = await request(next);
      expect(response.status, next).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      const body = await response.text();
      bodies.push(body);
      const feed = xml.parse(body) as AtomFeed;
      feeds.push(feed);
      const href = linksOf(feed).find((link) => link['@_rel'] === 'next')?.['@_href'];
      next = href ? href.replace('https://api.eids.test', '') : undefined;
    }
    return { feeds, bodies };
  }

  it('format=cap-atom walks every page, valid against the Atom grammar, with recent retractions as Cancels', async () => {
    now = WITHIN_WEEK;
    const { feeds, bodies } = await atomPages('format=cap-atom&limit=7');
    for (const body of bodies) expect(validators.atomProblems(body, issuer.profileCode)).toEqual([]);
    const entries = feeds.flatMap(entriesOf);
    const live = first.filter((record) => record.feature_type === 'incident');
    expect(entries).toHaveLength(live.length);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    const byType = (type: string) => entries.filter((entry) => entry.content.alert.msgType === type).length;
    expect([byType('Alert'), byType('Update'), byType('Cancel')]).toEqual([live.length - 5, 3, 2]);
    // The same query gives the same feed id on every page.
    expect(new Set(feeds.map((feed) => feed.feed.id)).size).toBe(1);
    const cancel = entries.find((entry) => entry.content.alert.msgType === 'Cancel')!;
    expect(cancel.link['@_type']).toBe('application/cap+xml');
    expect(cancel.link['@_href']).toMatch(
      /^https:\/\/api\.eids\.test\/v1\/incidents\/nsw-rfs-\d+\?format=cap-au$/,
    );
  });

  it('drops Cancels older than 7 days from the feed, and honours the list filters', async () => {
    now = AFTER_WEEK;
    const { feeds } = await atomPages('format=cap-atom&limit=500');
    const entries = feeds.flatMap(entriesOf);
    expect(entries.some((entry) => entry.content.alert.msgType === 'Cancel')).toBe(false);
    const { feeds: filtered } = await atomPages(`format=cap-atom&status=controlled`);
    const controlled = first
      .filter((record) => record.feature_type === 'incident' && !dropped.some((d) => d.id === record.id))
      .map((record) => changed.find((c) => c.id === record.id) ?? record)
      .filter((record) => record.status === 'controlled');
    expect(controlled.length).toBeGreaterThan(3);
    const identifiers = filtered.flatMap(entriesOf).map((entry) => entry.content.alert.identifier);
    expect(identifiers.sort()).toEqual(
      controlled.map((record) => capIdentifier(record.id, changed.includes(record) ? 2 : 1)).sort(),
    );
    now = WITHIN_WEEK;
  });

  it('format=cap-au serves the deprecated EDXL-DE wrapper with Deprecation and successor-version headers', async () => {
    const response = await request('/v1/incidents?format=cap-au&limit=10&state=nsw');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('deprecation')).toMatch(/^@\d+$/);
    const link = response.headers.get('link')!;
    expect(link).toContain('</v1/incidents?format=cap-atom&limit=10&state=nsw>; rel="successor-version"');
    expect(link).toMatch(/<\/v1\/incidents\?[^>]*after=[^>]+>; rel="next"/);
    const body = await response.text();
    expect(validators.edxlProblems(body, issuer.profileCode)).toEqual([]);
    expect(readCapAlerts(body, 'api')).toHaveLength(10);
  });

  it('other collections still refuse the CAP formats with a 400', async () => {
    const response = await request('/v1/incidents/nearby?lat=-33&lng=150&radius=10&format=cap-atom');
    expect(response.status).toBe(400);
  });

  it('serves the static CAP feed with ETag and Last-Modified, and 304s on either', async () => {
    const response = await request('/v1/exports/cap/incidents.atom');
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(validators.atomProblems(body, issuer.profileCode)).toEqual([]);
    const entries = entriesOf(xml.parse(body) as AtomFeed);
    // Unpaged and every feature type: every record of the first poll, the two retractions as Cancels.
    expect(entries).toHaveLength(first.length);
    expect(entries.filter((entry) => entry.content.alert.msgType === 'Cancel')).toHaveLength(2);
    const etag = response.headers.get('etag')!;
    const lastModified = response.headers.get('last-modified')!;
    // The checksum of the file, as the exports catalogue lists it.
    expect(etag).toBe(`"${createHash('sha256').update(body).digest('hex')}"`);
    expect(
      (await request('/v1/exports/cap/incidents.atom', { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    expect(
      (await request('/v1/exports/cap/incidents.atom', { headers: { 'if-modified-since': lastModified } }))
        .status,
    ).toBe(304);
  });
});
