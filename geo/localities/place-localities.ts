import { jurisdictionOf, type Jurisdiction } from '../../model/index.js';
import type { LgaIndex } from '../lga-index.js';
import type { Coordinates, GnafLocality, PostcodeLocality } from './locality-tables.js';
import { normaliseSuburbName } from './suburb-names.js';

/**
 * How a locality was put in an LGA:
 * - `address_points`: the mean of its G-NAF address points falls in the LGA;
 * - `locality_point`: the postcode table's point for the locality falls in it;
 * - `nearest_lga`: its point lies outside every LGA (in the water off a coastline) but within
 *   NEAREST_LGA_KM of one;
 * - `postcode_table`: no point placed it, so the table's one LGA for the whole postcode is used.
 */
export type PlacementBasis = 'address_points' | 'locality_point' | 'nearest_lga' | 'postcode_table';

/** One suburb (locality) of one postcode and the LGAs it was placed in. */
export interface LocalityPlacement {
  postcode: string;
  /** Normalised name (see `normaliseSuburbName`). */
  key: string;
  /** Display name. */
  name: string;
  /** LGA codes, sorted; more than one when the locality's points fall in different LGAs. */
  lgas: { code: string; basis: PlacementBasis }[];
  /** G-NAF address count; null when only the postcode table lists the locality. */
  addresses: number | null;
  /** G-NAF mean of its address points, where known. */
  addressCentroid: Coordinates | null;
}

export interface PlacementInput {
  index: LgaIndex;
  gnafLocalities?: readonly GnafLocality[];
  postcodeLocalities?: readonly PostcodeLocality[];
}

export interface Placements {
  /** Postcode → normalised suburb name → placement. */
  byPostcode: Map<string, Map<string, LocalityPlacement>>;
  /** Localities no point and no table row could place. */
  unplaced: { postcode: string; name: string }[];
}

/** Suburb names as written in G-NAF (mixed case); upper-case table names are title-cased to match. */
function displayName(name: string): string {
  return name === name.toUpperCase() ? name.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase()) : name;
}

export function jurisdictionOfCode(index: LgaIndex, code: string): Jurisdiction | undefined {
  // ABS LGA codes begin with their ASGS state digit.
  return index.lgas.get(code)?.jurisdiction ?? jurisdictionOf(code.slice(0, 1));
}

const PLAUSIBLE_KM = 25;
const NEAREST_LGA_KM = 10;

/** Great-circle distance (haversine, mean Earth radius). */
function kilometresBetween(a: Coordinates, b: Coordinates): number {
  const radians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * radians;
  const dLng = (b.longitude - a.longitude) * radians;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * Places every locality of the tables in the LGAs of one boundary version. G-NAF address points come
 * first; the postcode table adds a locality's part across a state border, and places localities G-NAF
 * lacks, by their own point when it is plausible, else the nearest LGA just offshore, else the table's
 * postcode-wide LGA when that agrees with the addresses.
 */
export function placeLocalities(input: PlacementInput): Placements {
  const placing: Placing = { index: input.index, byPostcode: new Map() };
  // G-NAF address points place a locality; they are the best evidence there is.
  for (const row of input.gnafLocalities ?? []) {
    const locality = placementOf(placing.byPostcode, row.postcode, row.locality);
    locality.name = row.locality;
    locality.addresses = (locality.addresses ?? 0) + row.addresses;
    locality.addressCentroid = { latitude: row.latitude, longitude: row.longitude };
    addLgas(locality, lgasAt(placing.index, row), 'address_points');
  }
  const tableRows = tableRowsByLocality(placing.byPostcode, input.postcodeLocalities ?? []);
  for (const [locality, rows] of tableRows) {
    placeAcrossBorder(placing, locality, rows);
    placeByTableRows(placing, locality, rows);
  }
  const unplaced: { postcode: string; name: string }[] = [];
  for (const localities of placing.byPostcode.values()) {
    for (const locality of localities.values()) {
      if (locality.lgas.length === 0 && !tableRows.has(locality))
        placeNearest(placing.index, locality, locality.addressCentroid);
      locality.lgas.sort((a, b) => a.code.localeCompare(b.code));
      if (locality.lgas.length === 0) unplaced.push({ postcode: locality.postcode, name: locality.name });
    }
  }

  return { byPostcode: placing.byPostcode, unplaced };
}

/** The boundary version placed in, and the placements made so far. */
interface Placing {
  index: LgaIndex;
  byPostcode: Map<string, Map<string, LocalityPlacement>>;
}

/** The placement of a locality of a postcode, created (unplaced) the first time it is named. */
function placementOf(
  byPostcode: Map<string, Map<string, LocalityPlacement>>,
  postcode: string,
  name: string,
): LocalityPlacement {
  const localities = byPostcode.get(postcode) ?? new Map<string, LocalityPlacement>();
  byPostcode.set(postcode, localities);
  const key = normaliseSuburbName(name);
  const existing = localities.get(key);
  if (existing) return existing;
  const created: LocalityPlacement = {
    postcode,
    key,
    name: displayName(name),
    lgas: [],
    addresses: null,
    addressCentroid: null,
  };
  localities.set(key, created);
  return created;
}

function addLgas(locality: LocalityPlacement, codes: string[], basis: PlacementBasis): void {
  for (const code of codes) {
    if (!locality.lgas.some((lga) => lga.code === code)) locality.lgas.push({ code, basis });
  }
}

function lgasAt(index: LgaIndex, point: Coordinates | null): string[] {
  return point ? index.lookup(point.longitude, point.latitude).lgas.map((lga) => lga.code) : [];
}

/**
 * A table point further than PLAUSIBLE_KM from every address-placed locality of its postcode is a
 * geocoding slip (Steve Kings Plains 2480 sits in Blayney, 500 km away): the row is not placed by it.
 */
function plausible(placing: Placing, postcode: string, point: Coordinates | null): Coordinates | null {
  const anchors = [...(placing.byPostcode.get(postcode)?.values() ?? [])].flatMap((l) =>
    l.addressCentroid ? [l.addressCentroid] : [],
  );
  if (!point || anchors.length === 0) return point;
  return anchors.some((anchor) => kilometresBetween(anchor, point) <= PLAUSIBLE_KM) ? point : null;
}

function addressPlacedLgas(placing: Placing, postcode: string): Set<string> {
  return new Set(
    [...(placing.byPostcode.get(postcode)?.values() ?? [])].flatMap((l) =>
      l.lgas.filter((lga) => lga.basis === 'address_points').map((lga) => lga.code),
    ),
  );
}

function inState(index: LgaIndex, codes: string[], state: Jurisdiction): string[] {
  return codes.filter((code) => jurisdictionOfCode(index, code) === state);
}

function placeNearest(index: LgaIndex, locality: LocalityPlacement, point: Coordinates | null): void {
  const near = point && index.nearest(point.longitude, point.latitude, NEAREST_LGA_KM);
  if (near) addLgas(locality, [near.lga.code], 'nearest_lga');
}

/** The postcode table's rows of each locality (creating the placements G-NAF lacks), in table order. */
function tableRowsByLocality(
  byPostcode: Map<string, Map<string, LocalityPlacement>>,
  postcodeLocalities: readonly PostcodeLocality[],
): Map<LocalityPlacement, PostcodeLocality[]> {
  const tableRows = new Map<LocalityPlacement, PostcodeLocality[]>();
  for (const row of postcodeLocalities) {
    const locality = placementOf(byPostcode, row.postcode, row.locality);
    const rows = tableRows.get(locality);
    if (rows) rows.push(row);
    else tableRows.set(locality, [row]);
  }
  return tableRows;
}

/**
 * The postcode table states each locality's state: a row in a state the locality was not yet placed
 * in is its part across a border (Texas 4385 has a NSW row), placed by its point or the table's LGA.
 */
function placeAcrossBorder(
  placing: Placing,
  locality: LocalityPlacement,
  rows: readonly PostcodeLocality[],
): void {
  const { index } = placing;
  for (const row of rows) {
    const placedStates = new Set(locality.lgas.map(({ code }) => jurisdictionOfCode(index, code)));
    if (placedStates.size === 0 || placedStates.has(row.state)) continue;
    const byPoint = inState(index, lgasAt(index, plausible(placing, row.postcode, row.point)), row.state);
    const byTable = inState(index, row.postcodeLgaCode ? [row.postcodeLgaCode] : [], row.state);
    if (byPoint.length > 0) addLgas(locality, byPoint, 'locality_point');
    else addLgas(locality, byTable, 'postcode_table');
  }
}

/**
 * A locality its addresses did not place: by its table points, else the nearest LGA just offshore,
 * else the table's postcode-wide LGA.
 */
function placeByTableRows(
  placing: Placing,
  locality: LocalityPlacement,
  rows: readonly PostcodeLocality[],
): void {
  const { index } = placing;
  // Not placed by its addresses: take whatever its point says.
  for (const row of rows) {
    if (locality.lgas.length > 0) break;
    addLgas(locality, lgasAt(index, plausible(placing, row.postcode, row.point)), 'locality_point');
  }
  if (locality.lgas.length === 0) placeNearest(index, locality, locality.addressCentroid);
  for (const row of rows) {
    if (locality.lgas.length > 0) break;
    placeNearest(index, locality, plausible(placing, row.postcode, row.point));
  }
  // The table's one LGA per postcode is often not the locality's (all of 2480 reads Ballina): used
  // only where the postcode has no address-placed localities, or they lie in that LGA too.
  for (const row of rows) {
    if (locality.lgas.length > 0 || !row.postcodeLgaCode) break;
    const held = addressPlacedLgas(placing, row.postcode);
    if (held.size === 0 || held.has(row.postcodeLgaCode))
      addLgas(locality, [row.postcodeLgaCode], 'postcode_table');
  }
}
