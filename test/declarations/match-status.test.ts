import { describe, expect, it } from 'vitest';
import {
  aggregateMatchStatus,
  DEFAULT_HORIZONS,
  lgaStanding,
  type LgaQuestion,
} from '../../declarations/index.js';
import { madeUpRecord } from './support/records.js';

const question = (fields: Partial<LgaQuestion> & Pick<LgaQuestion, 'lga'>): LgaQuestion => ({
  lgaRecords: [],
  salRecords: [],
  asAt: '2026-06-01',
  horizons: DEFAULT_HORIZONS,
  includeExpired: false,
  addressShare: null,
  suburbs: [],
  ...fields,
});

const lismore = { code: '14850', name: 'Lismore', jurisdiction: 'nsw' as const };
const brisbane = { code: '31000', name: 'Brisbane', jurisdiction: 'qld' as const };
const recent = '2025-03-06';
const old = '2023-01-10'; // 1,238 days before the date: past the 730-day horizon, not lapsed
const ancient = '2015-01-01';

describe('one LGA on a date', () => {
  it('an active state declaration makes it declared', () => {
    const detail = lgaStanding(
      question({
        lga: lismore,
        lgaRecords: [
          madeUpRecord({ agrn: 1, code: '14850', startDate: recent, source: 'nsw_disaster_declarations' }),
          madeUpRecord({ agrn: 1, code: '14850', startDate: recent }),
        ],
      }),
    );
    expect(detail.status).toBe('declared');
    expect(detail.stateInstrumentsPublished).toBe(true);
    expect(detail.records.map((r) => r.instrumentType).sort()).toEqual([
      'drfa_activation_agrn',
      'state_natural_disaster_declaration',
    ]);
  });

  it('an active DRFA activation with no state declaration is activation_only', () => {
    const detail = lgaStanding(
      question({ lga: lismore, lgaRecords: [madeUpRecord({ agrn: 2, code: '14850', startDate: recent })] }),
    );
    expect(detail.status).toBe('activation_only');
    expect(detail.reasons).toContain('No state declaration in force was found for this LGA.');
  });

  it('a state declaration past the horizon makes it uncertain, even beside an active activation', () => {
    const detail = lgaStanding(
      question({
        lga: lismore,
        lgaRecords: [
          madeUpRecord({ agrn: 3, code: '14850', startDate: old, source: 'nsw_disaster_declarations' }),
          madeUpRecord({ agrn: 4, code: '14850', startDate: recent }),
        ],
      }),
    );
    expect(detail.status).toBe('uncertain');
    expect(detail.reasons[0]).toMatch(/New South Wales declaration AGRN 3 may still be in force/);
  });

  it('an activation past the horizon is uncertain; one past the outer horizon counts for nothing', () => {
    expect(
      lgaStanding(
        question({ lga: lismore, lgaRecords: [madeUpRecord({ agrn: 5, code: '14850', startDate: old })] }),
      ).status,
    ).toBe('uncertain');
    const lapsed = lgaStanding(
      question({ lga: lismore, lgaRecords: [madeUpRecord({ agrn: 6, code: '14850', startDate: ancient })] }),
    );
    expect(lapsed.status).toBe('not_declared');
    expect(lapsed.records).toEqual([]);
    expect(lapsed.hiddenRecords).toBe(1);
  });

  it('a jurisdiction with no state instruments is never declared, and says so', () => {
    const detail = lgaStanding(
      question({
        lga: brisbane,
        lgaRecords: [madeUpRecord({ agrn: 7, code: '31000', startDate: recent, jurisdiction: 'qld' })],
      }),
    );
    expect(detail.status).toBe('activation_only');
    expect(detail.stateInstrumentsPublished).toBe(false);
    expect(detail.reasons.at(-1)).toMatch(/Queensland publishes no register of state declarations/);
  });

  it('an activation naming only some of the suburbs in question is uncertain; naming all of them, it counts', () => {
    const sal = madeUpRecord({
      agrn: 8,
      code: '30999',
      areaType: 'sal',
      startDate: recent,
      jurisdiction: 'qld',
    });
    expect(
      lgaStanding(question({ lga: brisbane, salRecords: [{ record: sal, coverage: 'some' }] })).status,
    ).toBe('uncertain');
    expect(
      lgaStanding(question({ lga: brisbane, salRecords: [{ record: sal, coverage: 'all' }] })).status,
    ).toBe('activation_only');
  });

  it('records starting after the date play no part', () => {
    const detail = lgaStanding(
      question({
        lga: lismore,
        lgaRecords: [
          madeUpRecord({
            agrn: 9,
            code: '14850',
            startDate: '2026-06-02',
            source: 'nsw_disaster_declarations',
          }),
        ],
      }),
    );
    expect(detail.status).toBe('not_declared');
    expect(detail.hiddenRecords + detail.records.length).toBe(0);
  });

  it('include_expired and instrument_type trim the list but never the status', () => {
    const records = [
      madeUpRecord({ agrn: 10, code: '14850', startDate: recent, source: 'nsw_disaster_declarations' }),
      madeUpRecord({ agrn: 10, code: '14850', startDate: recent }),
      madeUpRecord({ agrn: 11, code: '14850', startDate: ancient }),
    ];
    const variants = [false, true].flatMap((includeExpired) =>
      [undefined, 'drfa_activation_agrn' as const, 'state_of_disaster_emergency_powers' as const].map(
        (instrumentType) =>
          lgaStanding(question({ lga: lismore, lgaRecords: records, includeExpired, instrumentType })),
      ),
    );
    expect(new Set(variants.map((v) => v.status))).toEqual(new Set(['declared']));
    expect(variants.map((v) => [v.records.length, v.hiddenRecords])).toEqual([
      [2, 1],
      [1, 2],
      [0, 3],
      [3, 0],
      [2, 1],
      [0, 3],
    ]);
  });
});

describe('across the LGAs matched', () => {
  it('declared only when every LGA is; partial when some are', () => {
    expect(aggregateMatchStatus(['declared', 'declared'])).toBe('declared');
    expect(aggregateMatchStatus(['declared', 'not_declared'])).toBe('partial');
    expect(aggregateMatchStatus(['declared', 'uncertain'])).toBe('partial');
  });

  it('otherwise an activation beats uncertainty, and uncertainty beats nothing', () => {
    expect(aggregateMatchStatus(['activation_only', 'uncertain', 'not_declared'])).toBe('activation_only');
    expect(aggregateMatchStatus(['uncertain', 'not_declared'])).toBe('uncertain');
    expect(aggregateMatchStatus(['not_declared'])).toBe('not_declared');
    expect(aggregateMatchStatus([])).toBe('not_declared');
  });
});
