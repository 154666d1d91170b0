import { buildDeclarationDataset } from '../../../declarations/index.js';
import { standInGeography } from '../../geo/support/stand-in-geography.js';
import { madeUpRecord } from './records.js';

/**
 * The stand-in geography (4 × 3 grid: Queensland row 31000–31030, NSW rows 11040–11110) with made-up
 * records as at 2026-06-01: a NSW declaration for 11040, a DRFA activation for 31000, 11040 and 11050,
 * and a suburb-level (SAL) activation for one suburb of 11060.
 */
export const STAND_IN_DATE = '2026-06-01';

export function standInDataset() {
  const geography = standInGeography();
  const salPostcode = '2311';
  const salSuburb = geography.directory.entry(salPostcode)?.lgas.find((lga) => lga.code === '11060')
    ?.suburbs[0];
  if (!salSuburb) throw new Error('The stand-in grid has no suburb in 11060');
  const records = [
    madeUpRecord({
      agrn: 9203,
      code: '19001',
      areaType: 'sal',
      areaName: `${salSuburb} (NSW)`,
      startDate: '2026-04-01',
    }),
    madeUpRecord({ agrn: 9201, code: '11040', startDate: '2026-02-01', source: 'nsw_disaster_declarations' }),
    madeUpRecord({ agrn: 9201, code: '11040', startDate: '2026-02-01' }),
    madeUpRecord({ agrn: 9201, code: '11050', startDate: '2026-02-01' }),
    madeUpRecord({
      agrn: 9202,
      code: '31000',
      startDate: '2026-03-01',
      jurisdiction: 'qld',
      disasterTypes: ['cyclone'],
    }),
    madeUpRecord({ agrn: 9150, code: '11040', startDate: '2019-01-01' }),
  ];
  const dataset = buildDeclarationDataset({
    records,
    lgas: geography.index.lgas,
    localities: geography.directory,
  });
  return { ...geography, dataset, sal: { postcode: salPostcode, suburb: salSuburb, lga: '11060' } };
}
