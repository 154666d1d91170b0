export { DEFAULT_HORIZONS, recordStanding, type RecordStanding } from './currency.js';
export {
  buildDeclarationDataset,
  type DatasetInput,
  type DeclarationDataset,
  type InstrumentGroup,
  type PlacedSalRecord,
  type SalLocality,
} from './dataset.js';
export type { LookupOptions } from './lookup-options.js';
export { lookupPostcode, type PostcodeQuery } from './postcode-lookup.js';
export { lookupPoint, type PointQuery } from './point-lookup.js';
export { narrowToSuburb, type Narrowed } from './suburb-narrowing.js';
export { lgaStanding, type LgaQuestion, type SalCoverage } from './lga-standing.js';
export { aggregateMatchStatus } from './match-status.js';
export { listDeclarations, toListItem, LIST_STATUSES, type ListQuery, type ListStatus } from './list.js';
export { decodeListCursor, encodeListCursor, type ListPosition } from './list-cursor.js';
export { agrnDetail } from './agrn-detail.js';
export { toRecordView } from './record-view.js';
