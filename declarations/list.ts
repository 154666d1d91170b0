import {
  DECLARATION_SOURCES,
  type CurrencyHorizons,
  type DeclarationListItem,
  type DeclarationListPage,
  type DisasterType,
  type InstrumentType,
  type Jurisdiction,
} from '../model/index.js';
import { DEFAULT_HORIZONS, recordStanding } from './currency.js';
import type { DeclarationDataset, InstrumentGroup } from './dataset.js';
import { encodeListCursor, isAfter, type ListPosition } from './list-cursor.js';

export const LIST_STATUSES = ['active', 'expired', 'all'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export interface ListQuery {
  /** ISO date statuses are derived for (`active_on`, default today); instruments starting later are left out. */
  activeOn: string;
  status: ListStatus;
  jurisdiction?: Jurisdiction;
  instrumentType?: InstrumentType;
  disasterType?: DisasterType;
  /** 1–500 (the route rejects anything else). */
  limit: number;
  /** From `decodeListCursor`. */
  after?: ListPosition;
  horizons?: CurrencyHorizons;
}

/** An instrument as a list item on a date. */
export function toListItem(
  group: InstrumentGroup,
  asAt: string,
  horizons: CurrencyHorizons,
): DeclarationListItem {
  const standing = recordStanding(group, asAt, horizons);
  return {
    id: group.id,
    agrn: group.agrn,
    instrumentType: group.instrumentType,
    jurisdiction: group.jurisdiction,
    eventName: group.eventName,
    disasterTypes: group.disasterTypes,
    startDate: group.startDate,
    endDate: group.endDate,
    status: standing.status,
    currency: standing.currency,
    lgaCount: group.lgaCodes.length,
    localityCount: group.salCodes.length,
    drfaCategories: group.drfaCategories,
    source: group.source,
    sourceName: DECLARATION_SOURCES[group.source].name,
    sourceUrl: group.sourceUrl,
  };
}

/** GET /declarations: one item per instrument, filtered, in keyset order (start date newest first, then id). */
export function listDeclarations(dataset: DeclarationDataset, query: ListQuery): DeclarationListPage {
  const horizons = query.horizons ?? DEFAULT_HORIZONS;
  const items: DeclarationListItem[] = [];
  let more = false;
  for (const group of dataset.instruments) {
    if (group.startDate > query.activeOn) continue;
    if (query.after && !isAfter(group, query.after)) continue;
    if (query.jurisdiction && group.jurisdiction !== query.jurisdiction) continue;
    if (query.instrumentType && group.instrumentType !== query.instrumentType) continue;
    if (query.disasterType && !group.disasterTypes.includes(query.disasterType)) continue;
    const item = toListItem(group, query.activeOn, horizons);
    if (query.status !== 'all' && item.status !== query.status) continue;
    if (items.length === query.limit) {
      more = true;
      break;
    }
    items.push(item);
  }
  const last = items.at(-1);
  return { items, nextCursor: more && last ? encodeListCursor(last) : null };
}
