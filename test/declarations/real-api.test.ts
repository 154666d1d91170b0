import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireSharedFolder } from '../../replay/shared-samples.js';
import { bearer } from '../support/keys.js';
import { ResponseValidator } from '../support/openapi-validator.js';
import { realGeographyPaths } from '../geo/support/real-geography.js';
import { declarationApi, type DeclarationApi } from './support/api-fixture.js';

/**
 * The API over the real inputs in ../shared: NEMA's DRFA activation history fetched from its file,
 * published through the refresh steps, and the real (simplified) ABS LGA boundaries with the G-NAF
 * and postcode tables. The NSW register is only stored as page text there, so no NSW page is read.
 */
describe('declaration endpoints over the real DRFA history and boundaries', () => {
  let api: DeclarationApi;
  let validator: ResponseValidator;

  beforeAll(async () => {
    const geo = realGeographyPaths();
    const drfa = `${requireSharedFolder('reference/declarations')}/nema_drfa_activation_history_by_location_2026-01-30.csv`;
    api = await declarationApi({
      files: () =>
        Promise.resolve({
          boundaries: geo.geojson,
          gnafLocalities: geo.gnafLocalities,
          gnafPostcodes: geo.gnafPostcodes,
          postcodeLocalities: geo.postcodeLocalities,
          drfa,
        }),
    });
    validator = new ResponseValidator((await (await api.app.request('/v1/openapi.json')).json()) as never);
  });
  afterAll(() => api.close());

  async function call(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await api.app.request(url, {
      ...init,
      headers: { ...bearer(api.entitled), ...(init.headers as Record<string, string>) },
    });
    await validator.check(init.method ?? 'GET', url, response);
    expect(response.status, url).toBe(200);
    return response;
  }

  it('AGRN 1011: South East Queensland Rainfall and Flooding, its Queensland LGAs, Brisbane among them', async () => {
    const body = (await (await call('/v1/declarations/agrn/1011?as_at=2022-04-01')).json()) as {
      eventNames: string[];
      jurisdictions: string[];
      startDate: string;
      instruments: { instrumentType: string; status: string; lgaCount: number }[];
      lgas: { code: string; name: string }[];
    };
    expect(body.eventNames).toEqual([
      'AGRN 1011 - South East Queensland Rainfall and Flooding (22 February - 5 April 2022)',
    ]);
    expect(body.jurisdictions).toEqual(['qld']);
    expect(body.startDate).toBe('2022-02-22');
    expect(body.instruments).toEqual([
      expect.objectContaining({ instrumentType: 'drfa_activation_agrn', status: 'active', lgaCount: 23 }),
    ]);
    expect(body.lgas).toContainEqual({
      code: '31000',
      name: 'Brisbane',
      jurisdiction: 'qld',
      records: expect.any(Array) as unknown[],
    });
  });

  it('a point in Lismore is LGA 14850, under the February 2022 floods’ activation in March 2022', async () => {
    const response = await call('/v1/declarations/point', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lat: -28.8096, lng: 153.2865, as_at: '2022-03-15' }),
    });
    const body = (await response.json()) as {
      status: string;
      onBoundary: boolean;
      lgas: { code: string; name: string; status: string; records: { agrn: number }[] }[];
      notes: string[];
    };
    expect(body.onBoundary).toBe(false);
    expect(body.lgas.map((lga) => [lga.code, lga.name])).toEqual([['14850', 'Lismore']]);
    // Only the DRFA history is read here: activation_only, the NSW register would make it declared.
    expect(body.status).toBe('activation_only');
    expect(body.lgas[0]?.records.map((record) => record.agrn)).toContain(1012);
    // Real boundaries: nothing says made up.
    expect(body.notes.join(' ')).not.toMatch(/made.up/i);
  });

  it('postcode 2480 (Lismore) places its suburbs in LGAs, Lismore first among them', async () => {
    const body = (await (await call('/v1/declarations/postcode/2480?as_at=2022-03-15')).json()) as {
      matchStatus: string;
      lgas: { code: string; addressShare: number | null }[];
    };
    expect(body.lgas.map((lga) => lga.code)).toContain('14850');
    expect(['activation_only', 'partial']).toContain(body.matchStatus);
  });

  it('lists the real history by keyset pages, newest first', async () => {
    const first = (await (
      await call('/v1/declarations?status=all&jurisdiction=nsw&limit=50&active_on=2026-01-30')
    ).json()) as {
      items: { startDate: string; jurisdiction: string }[];
      links: { next?: string };
    };
    expect(first.items).toHaveLength(50);
    expect(first.links.next).toBeDefined();
    const dates = first.items.map((item) => item.startDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = (await (await call(first.links.next!)).json()) as { items: { startDate: string }[] };
    expect(second.items[0]!.startDate <= dates.at(-1)!).toBe(true);
  });
});
