import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import {
  hazardReductionFeedId,
  parseNswRfsHazardReductions,
} from '../../../sources/nsw/rfs-hazard-reductions.js';
import { leadAgencyName } from '../../../sources/nsw/rfs-hazard-reduction-vocabulary.js';
import type { IncidentDraft, ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { positionsOf } from '../drafts.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}nsw/nsw-rfs-hazardreduction-hr-map-data-2020-10-10.json`;

const parseText = (text: string): ParseResult => parseNswRfsHazardReductions(new TextEncoder().encode(text));
const points = (result: ParseResult): IncidentDraft[] =>
  result.incidents.filter((draft) => draft.featureType === 'incident');

function byTitle(result: ParseResult, title: string): IncidentDraft[] {
  return points(result).filter((draft) => draft.title === title);
}

describe('NSW RFS hazard reductions (Funnelback hr-map-data): the real sample', () => {
  let result: ParseResult;
  beforeAll(() => {
    requireSharedFolder('upstream/samples/nsw');
    result = parseNswRfsHazardReductions(readFileSync(SAMPLE));
  });

  it('reads the 40 burns behind the leading blank lines, each with its area, nothing unmapped', () => {
    expect(readFileSync(SAMPLE, 'utf8').startsWith('\n\n{')).toBe(true);
    expect(points(result)).toHaveLength(40);
    expect(result.incidents.filter((draft) => draft.featureType === 'incident_area')).toHaveLength(40);
    expect(result.unmapped).toEqual([]);
    expect(result.dropped).toEqual([]);
  });

  it('gives every burn a distinct id that cannot collide with a major incident', () => {
    const ids = points(result).map((draft) => draft.id);
    expect(new Set(ids).size).toBe(40);
    for (const id of ids) expect(id).toMatch(/^nsw-rfs-hr-(?:ba-\d{4}-\d{5}|noref)-[0-9a-z]{7}$/);
    // Three units of one approval (BA-2020-01532) and two burns without any reference.
    const units = byTitle(result, 'Great Western Highway');
    expect(units).toHaveLength(3);
    expect(units.every((draft) => draft.source.feedId.startsWith('hr-ba-2020-01532-'))).toBe(true);
    expect(ids.filter((id) => id.startsWith('nsw-rfs-hr-noref-'))).toHaveLength(2);
    // Stable: the same body gives the same ids.
    expect(points(parseNswRfsHazardReductions(readFileSync(SAMPLE))).map((draft) => draft.id)).toEqual(ids);
  });

  it('maps a burn: burn_off, no warning, area polygon, point at its centroid, Sydney times', () => {
    const [glenOak] = byTitle(result, 'Glen Oak Burn');
    expect(glenOak).toMatchObject({
      featureType: 'incident',
      source: { state: 'nsw', agency: 'rfs' },
      eventType: 'burn_off',
      eventCategory: 'planned',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      geometry: { type: 'Point' },
      location: { address: 'Glen Oak Burn', lga: 'Port Stephens', state: 'nsw', precision: 'exact' },
      timestamps: { reported: '2020-10-10T00:00:00+11:00', updated: '2020-10-10T19:30:04+11:00' },
      details: {
        description: 'Glen Oak Burn HAZARD REDUCTION',
        lead_agency: 'NSW Rural Fire Service',
        supporting_agencies: 'Council',
        tenure: 'Local Govt',
        size: '13.84 ha',
        size_ha: 13.84,
        start_date: '2020-10-10',
        end_date: '2020-10-10',
        burn_phase: 'in_window',
        guar_reference: 'BA-2018-00144',
      },
    });
    const area = result.incidents.find((draft) => draft.id === `${glenOak?.id}-area`);
    expect(area).toMatchObject({
      featureType: 'incident_area',
      parentId: glenOak?.id,
      geometry: { type: 'Polygon' },
    });
    expect(area?.location.latitude).toBe(glenOak?.location.latitude);
  });

  it('derives the status from the dates against collectionUpdated (10 Oct 2020)', () => {
    const phases = points(result).map((draft) => `${String(draft.details.burn_phase)}:${draft.status}`);
    const count = (value: string): number => phases.filter((phase) => phase === value).length;
    expect([count('in_window:active'), count('scheduled:active'), count('ended:completed')]).toEqual([
      26, 12, 2,
    ]);
    expect(byTitle(result, 'Caravan Trail')[0]).toMatchObject({
      status: 'completed',
      details: { end_date: '2020-10-09' },
    });
    expect(byTitle(result, 'Mustons Road')[0]).toMatchObject({
      status: 'active',
      details: { burn_phase: 'scheduled', start_date: '2020-10-11' },
    });
  });

  it('reads D/MM/YYYY dates on both sides of the DST change (4 Oct 2020)', () => {
    expect(byTitle(result, 'Moama Reserve Off River Park Drive / Winbi Ave')[0]).toMatchObject({
      timestamps: { reported: '2020-10-01T00:00:00+10:00' },
      details: { start_date: '2020-10-01', end_date: '2021-04-30' },
    });
    expect(byTitle(result, 'Eden Sfaz - Botany St')[0]?.timestamps.reported).toBe(
      '2020-09-30T00:00:00+10:00',
    );
  });

  it('completes the lead agencies the list cuts at 24 characters', () => {
    expect(byTitle(result, 'Bantry Bay Rd/ Scouts')[0]?.details).toMatchObject({
      lead_agency: 'Fire + Rescue NSW (FRNSW)',
      lead_agency_raw: 'Fire + Rescue NSW (FRNSW',
    });
    expect(byTitle(result, 'Abaroo And Sebastapol')[0]?.details).toMatchObject({
      lead_agency: 'National Parks and Wildlife Service',
      lead_agency_raw: 'National Parks and Wildl',
    });
    expect(byTitle(result, 'Lansdowne/Coopernook')[0]?.details.lead_agency).toBe('Forestry Corporation NSW');
    expect(byTitle(result, 'Lansdowne/Coopernook')[0]?.details.lead_agency_raw).toBeUndefined();
  });

  it('reads "lat;lon|…|" polygons as [lng, lat] inside NSW', () => {
    const outside = result.incidents.flatMap((draft) =>
      positionsOf(draft).filter(([lng, lat]) => !(lng > 140.9 && lng < 153.7 && lat > -37.6 && lat < -28.1)),
    );
    expect(outside).toEqual([]);
    const [prentice] = byTitle(result, 'Prentice');
    const area = result.incidents.find((draft) => draft.id === `${prentice?.id}-area`);
    expect(area?.geometry?.type).toBe('MultiPolygon');
    expect(area?.geometry?.coordinates).toHaveLength(3);
  });
});

function document(results: object[], collectionUpdated = 'Jan 5, 2022 6:00:00 AM'): string {
  return `\n\n{"resultsSummary":{"collectionUpdated":"${collectionUpdated}"},"results":${JSON.stringify(results)}}`;
}

const SQUARE = '-33.1;150.1|-33.1;150.2|-33.2;150.2|-33.2;150.1|-33.1;150.1|';

function burn(overrides: Record<string, unknown> = {}): object {
  return {
    leadAgency: 'NSW Rural Fire Service',
    lga: 'Pretend Valley',
    supportingAgencies: '',
    size: '12.5 ha',
    location: 'Makeshift Ridge HAZARD REDUCTION',
    guarReference: 'BA-2021-00001',
    geometryType: 'MultiPolygon',
    tenure: 'Crown Land',
    startDate: '4/01/2022',
    endDate: '6/01/2022',
    polygons: [{ polygon: SQUARE }],
    ...overrides,
  };
}

describe('NSW RFS hazard reductions: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['an HTML page', '<html><body>Funnelback is down</body></html>'],
    ['truncated JSON', document([burn()]).slice(0, 60)],
    ['JSON without results', '{"resultsSummary":{}}'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts an empty result list', () => {
    expect(parseText(document([]))).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('moves a burn from scheduled to in window to ended as the as-at day passes', () => {
    const status = (asAt: string) => points(parseText(document([burn()], asAt)))[0]?.details.burn_phase;
    expect(
      [
        'Jan 3, 2022 11:59:59 PM',
        'Jan 4, 2022 12:00:00 AM',
        'Jan 6, 2022 11:00:00 PM',
        'Jan 7, 2022 1:00:00 AM',
      ].map(status),
    ).toEqual(['scheduled', 'in_window', 'in_window', 'ended']);
  });

  it('keeps an id when only the trailing "|" or the float formatting changes', () => {
    const a = points(parseText(document([burn()])))[0]?.id;
    const b = points(
      parseText(
        document([
          burn({
            polygons: [{ polygon: SQUARE.replace(/\|$/, '').replaceAll('-33.1;', '-33.1000000001;') }],
          }),
        ]),
      ),
    )[0]?.id;
    expect(a).toBe(b);
    expect(a).toBe(
      `nsw-rfs-${hazardReductionFeedId('BA-2021-00001', [
        [
          [
            [150.1, -33.1],
            [150.2, -33.1],
            [150.2, -33.2],
            [150.1, -33.2],
            [150.1, -33.1],
          ],
        ],
      ])}`,
    );
  });

  it('drops an exact duplicate, reports unreadable dates and pairs, and drops a burn with no time at all', () => {
    const result = parseText(
      document(
        [
          burn(),
          burn(),
          burn({ guarReference: '', startDate: 'soon', polygons: [{ polygon: `${SQUARE}x;y|` }] }),
        ],
        'whenever',
      ),
    );
    const [first, , third] = points(result);
    expect(first?.status).toBe('active');
    expect(first?.details.burn_phase).toBe('unknown');
    expect(third).toBeUndefined();
    expect(result.dropped).toEqual([
      { reason: 'duplicate', upstreamId: points(result)[0]?.source.feedId },
      { reason: 'no-timestamps', upstreamId: expect.stringMatching(/^hr-noref-/) as string },
    ]);
    expect(result.unmapped.map((value) => value.field)).toEqual([
      'collectionUpdated',
      'polygon',
      'startDate',
    ]);
  });

  it.each([
    ['later first', true],
    ['earlier first', false],
  ])(
    'keeps one burn per unit, the later update (%s), and drops the other as a duplicate',
    (_, laterFirst) => {
      // Without a readable collectionUpdated, a burn's update time is its start date.
      const earlier = burn({ location: 'Early HAZARD REDUCTION', startDate: '4/01/2022' });
      const later = burn({ location: 'Late HAZARD REDUCTION', startDate: '10/01/2022' });
      const result = parseText(document(laterFirst ? [later, earlier] : [earlier, later], 'whenever'));
      const [kept] = points(result);
      expect(points(result).map((draft) => draft.title)).toEqual(['Late']);
      expect(kept?.timestamps.updated).toBe('2022-01-10T00:00:00+11:00');
      expect(result.dropped).toEqual([{ reason: 'duplicate', upstreamId: kept?.source.feedId }]);
      expect(kept?.source.feedId).toMatch(/^hr-ba-2021-00001-/);
    },
  );

  it.each([
    ['one order', ['First', 'Second']],
    ['the other', ['Second', 'First']],
  ])('of one unit listed twice as at one time, keeps the later in the list (%s)', (_, names) => {
    const listed = names.map((name) => burn({ location: `${name} HAZARD REDUCTION` }));
    const result = parseText(document(listed));
    expect(points(result).map((draft) => draft.title)).toEqual([names[1]]);
    expect(result.dropped).toEqual([{ reason: 'duplicate', upstreamId: points(result)[0]?.source.feedId }]);
  });

  it('serves a burn without polygons with a null geometry', () => {
    const [incident] = parseText(document([burn({ polygons: [] })])).incidents;
    expect(incident?.geometry).toBeNull();
    expect(incident?.location).toEqual({
      address: 'Makeshift Ridge',
      suburb: '',
      state: 'nsw',
      lga: 'Pretend Valley',
    });
  });

  it('completes only names cut at 24 characters', () => {
    expect(leadAgencyName('National Parks and Wildl')).toBe('National Parks and Wildlife Service');
    expect(leadAgencyName('National Parks')).toBe('National Parks');
    expect(leadAgencyName('Some Other Agency Name Xy')).toBe('Some Other Agency Name Xy');
  });
});
