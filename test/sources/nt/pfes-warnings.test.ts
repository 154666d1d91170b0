import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseNtPfesWarnings } from '../../../sources/nt/pfes-warnings.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}nt/nt-pfes-warnings-empty-2020-05-05.json`;

const parseText = (text: string): ParseResult => parseNtPfesWarnings(new TextEncoder().encode(text));

describe('PFES NT warnings.json: the 2020 sample', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/nt');
  });

  it('quirk: an empty warnings list (lastupdated with seven fractional digits) is no warnings, not an error', () => {
    expect(parseNtPfesWarnings(readFileSync(SAMPLE))).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });
});

/** Items as a 2026 peer describes them (fire-danger areas, no coordinates); made-up values. */
const document = (warnings: object[], lastupdated: unknown = '2026-01-10T14:00:00.1234567+09:30'): string =>
  JSON.stringify({ title: 'Warnings/Hazards', lastupdated, warnings });

describe('PFES NT warnings.json: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['an HTML error page', '<html><body>Not Found</body></html>'],
    ['truncated JSON', document([{ area_code: 'NT0001' }]).slice(0, 60)],
    ['the incidents document', '{"title":"NT Fire Incident Map","incidents":[]}'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('turns each area warning into an incident without geometry, timed by lastupdated', () => {
    const result = parseText(
      document([{ area_code: 'NT0007', area_name: 'Pretend Plains', danger_rating: 'Extreme', level: 4 }]),
    );
    expect(result).toEqual({
      incidents: [
        {
          id: 'nt-pfes-warning-NT0007',
          featureType: 'incident',
          source: { state: 'nt', agency: 'pfes', feedId: 'warning-NT0007' },
          title: 'Pretend Plains',
          eventType: 'fire_ban',
          eventCategory: 'hazard',
          status: 'active',
          warningLevel: 'none',
          severity: 'Unknown',
          urgency: 'Unknown',
          certainty: 'Observed',
          geometry: null,
          location: { address: '', suburb: '', state: 'nt', lga: '' },
          details: {
            area_code: 'NT0007',
            area_name: 'Pretend Plains',
            danger_rating: 'Extreme',
            level: 4,
            source_id: 'NT0007',
          },
          timestamps: { reported: '2026-01-10T14:00:00+09:30', updated: '2026-01-10T14:00:00+09:30' },
        },
      ],
      unmapped: [],
      dropped: [],
    });
  });

  it.each([
    ['High then Extreme', ['High', 'Extreme']],
    ['Extreme then High', ['Extreme', 'High']],
  ])('keeps the later of one area listed twice (%s): all items share the time', (_, ratings) => {
    // The items have no time of their own: both are as at lastupdated, a tie the later item wins.
    const items = ratings.map((rating) => ({
      area_code: 'NT0003',
      area_name: 'Pretend',
      danger_rating: rating,
    }));
    const result = parseText(document(items));
    expect(result.incidents.map((draft) => [draft.id, draft.details.danger_rating])).toEqual([
      ['nt-pfes-warning-NT0003', ratings[1]],
    ]);
    expect(result.dropped).toEqual([{ reason: 'duplicate', upstreamId: 'NT0003' }]);
  });

  it('drops items without an area code, repeated areas, and everything when lastupdated is unreadable', () => {
    const items = [{ area_name: 'Nameless' }, { area_code: 'NT0001' }, { area_code: 'NT0001' }];
    expect(parseText(document(items))).toMatchObject({
      dropped: [
        { reason: 'no-id', upstreamId: 'Nameless' },
        { reason: 'duplicate', upstreamId: 'NT0001' },
      ],
    });
    expect(parseText(document([{ area_code: 'NT0002' }], 'soon'))).toEqual({
      incidents: [],
      unmapped: [{ field: 'lastupdated', value: 'soon', incidentId: '' }],
      dropped: [{ reason: 'no-timestamps', upstreamId: 'NT0002' }],
    });
  });
});
