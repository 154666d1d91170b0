import { describe, expect, it } from 'vitest';
import { parseDrfaActivationsCsv } from '../../sources/declarations/index.js';
import { buildDeclarationDataset } from '../../declarations/index.js';
import { realDrfaActivations, realDrfaCsv } from './support/real-declarations.js';

const HEADER =
  'Location_Name,Location_Type,Location_code,STATE,event_name,agrn,cat_A,cat_B,cat_C,cat_D,highest_drfa_category_group,AGDRP,DRA,hazard_type,disaster_start_date';

/** The 23 Queensland LGAs of AGRN 1011 (South East Queensland Rainfall and Flooding, 2022). */
const AGRN_1011_LGAS = [
  '30300', '31000', '31820', '32330', '33220', '33360', '33430', '33610', '33620', '33960', '34580', '34590',
  '35010', '35740', '35760', '36250', '36510', '36580', '36630', '36660', '36720', '36910', '37310',
]; // prettier-ignore

describe('NEMA DRFA activation history, real file', () => {
  it('reads every row: 5,993 records (5,859 LGA, 134 SAL), none rejected, every hazard folded', () => {
    const { records, rejected, unmappedHazards } = realDrfaActivations();
    expect(rejected).toEqual([]);
    expect(unmappedHazards).toEqual([]);
    expect(records).toHaveLength(5993);
    expect(records.filter((record) => record.area.type === 'lga')).toHaveLength(5859);
    expect(records.filter((record) => record.area.type === 'sal')).toHaveLength(134);
    expect(new Set(records.map((record) => record.agrn)).size).toBe(819);
  });

  it('AGRN 1011 names its 23 Queensland LGAs by ABS code, open-ended from its onset', () => {
    const agrn1011 = realDrfaActivations().records.filter((record) => record.agrn === 1011);
    expect(agrn1011.map((record) => record.area.code).sort()).toEqual(AGRN_1011_LGAS);
    expect(new Set(agrn1011.map((record) => record.jurisdiction))).toEqual(new Set(['qld']));
    expect(agrn1011.every((record) => record.startDate === '2022-02-22' && record.endDate === null)).toBe(
      true,
    );
    expect(agrn1011.find((record) => record.area.code === '31000')).toMatchObject({
      id: 'nema_drfa_activations:1011:lga:31000',
      instrumentType: 'drfa_activation_agrn',
      area: { type: 'lga', code: '31000', name: 'Brisbane' },
      disasterTypes: ['flood'],
      drfa: { categories: ['A', 'B', 'C', 'D'], agdrp: true, dra: true },
    });
  });

  it('rows with every category flag 0 say nothing about categories (null), not "none activated"', () => {
    const albury2010 = realDrfaActivations().records.find(
      (record) => record.id === 'nema_drfa_activations:417:lga:10050',
    );
    expect(albury2010?.drfa).toEqual({ categories: null, agdrp: false, dra: false });
  });

  it('folds published hazard wording to the disaster-type vocabulary', () => {
    const record = realDrfaActivations().records.find((r) => r.hazards.includes('Low/tropical low'));
    expect(record?.disasterTypes).toContain('tropical_low');
    expect(record?.disasterTypes).not.toContain('rainfall');
  });

  it('keys SAL rows as SAL: a SAL code never lands among the LGA records', () => {
    const { records } = realDrfaActivations();
    const dataset = buildDeclarationDataset({ records, lgas: new Map() });
    const salRecords = records.filter((record) => record.area.type === 'sal');
    expect(salRecords.every((record) => record.id.includes(':sal:'))).toBe(true);
    const lgaLevel = [...dataset.byLga.values()].flat();
    expect(lgaLevel.some((record) => record.area.type === 'sal')).toBe(false);
    expect(lgaLevel).toHaveLength(5859);
  });
});

describe('SAL and LGA codes collide numerically', () => {
  it('a SAL row and an LGA row with the same five digits stay two areas', () => {
    const csv = [
      HEADER,
      'Balonne,LGA,30300,Queensland,AGRN 9001 - Made-up floods (1 March 2025),9001,1,1,0,0,A/B,0,0,Flood,2025-03-01',
      'Madeupville,SAL,30300,Queensland,AGRN 9001 - Made-up floods (1 March 2025),9001,0,0,0,0,unknown,1,0,Flood,2025-03-01',
    ].join('\n');
    const { records, rejected } = parseDrfaActivationsCsv(csv);
    expect(rejected).toEqual([]);
    expect(records.map((record) => record.id)).toEqual([
      'nema_drfa_activations:9001:lga:30300',
      'nema_drfa_activations:9001:sal:30300',
    ]);
    const dataset = buildDeclarationDataset({ records, lgas: new Map() });
    expect(dataset.byLga.get('30300')?.map((record) => record.area.name)).toEqual(['Balonne']);
  });
});

describe('NEMA DRFA activation history, bad rows', () => {
  it('are counted with their line numbers and reasons, the good rows kept', () => {
    const good = 'Albury,LGA,10050,New South Wales,Made-up storm,9002,0,1,0,0,A/B,0,0,Storm,2025-01-05';
    const csv = [
      HEADER,
      good,
      'Albury,LGA,10050,New South Wales,Made-up storm,9002,0,1,0,0,A/B,0,0,Storm,2025-01-05',
      'Albury,SA2,10050,New South Wales,Made-up storm,9003,0,1,0,0,A/B,0,0,Storm,2025-01-05',
      'Albury,LGA,1005,New South Wales,Made-up storm,9003,0,1,0,0,A/B,0,0,Storm,2025-01-05',
      'Albury,LGA,10050,Atlantis,Made-up storm,9003,0,1,0,0,A/B,0,0,Storm,2025-01-05',
      'Albury,LGA,10050,New South Wales,Made-up storm,AGRN9003,0,1,0,0,A/B,0,0,Storm,2025-01-05',
      'Albury,LGA,10050,New South Wales,Made-up storm,9003,0,1,0,0,A/B,0,0,Storm,5/1/2025',
      'Albury,LGA,10050,New South Wales,Made-up storm,9003,0,yes,0,0,A/B,0,0,Storm,2025-01-05',
      'Albury,LGA,10050,New South Wales,Made-up storm,9003,0,1',
      '"Albury, North",LGA,10060,New South Wales,"Made-up storm, part 2",9003,0,1,0,0,A/B,0,0,"Storm, Hail",2025-02-29',
    ].join('\n');
    const { records, rejected } = parseDrfaActivationsCsv(csv);
    expect(records.map((record) => record.id)).toEqual(['nema_drfa_activations:9002:lga:10050']);
    expect(rejected.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 3, reason: 'repeats line 2 (same AGRN and area)' },
      { line: 4, reason: 'Location_Type SA2 is neither LGA nor SAL' },
      { line: 5, reason: 'Location_code 1005 is not five digits' },
      { line: 6, reason: 'unknown STATE Atlantis' },
      { line: 7, reason: 'agrn AGRN9003 is not a number of 1 to 6 digits' },
      { line: 8, reason: 'disaster_start_date 5/1/2025 is not an ISO date' },
      { line: 9, reason: 'a category or payment flag is not 0 or 1' },
      { line: 10, reason: 'has 8 fields, the header has 15' },
      { line: 11, reason: 'disaster_start_date 2025-02-29 is not an ISO date' },
    ]);
  });

  it('a file that is not the activation history fails as a whole', () => {
    expect(() => parseDrfaActivationsCsv(realDrfaCsv().replace('agrn', 'reference'))).toThrow(
      /no column\(s\) agrn/,
    );
  });
});
