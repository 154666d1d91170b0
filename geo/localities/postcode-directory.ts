import { jurisdictionOf, type Jurisdiction, type LgaRef } from '../../model/index.js';
import type { LgaIndex } from '../lga-index.js';
import type { Coordinates, GnafLocality, GnafPostcode, PostcodeLocality } from './locality-tables.js';
import { normaliseSuburbName, parseSuburbQuery } from './suburb-names.js';

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

/** One LGA of a postcode. */
export interface PostcodeLga extends LgaRef {
  /** Share of the postcode's G-NAF addresses in this LGA (0–1); null when the postcode has no counts. */
  addressShare: number | null;
  /** Display names of the postcode's suburbs placed in this LGA. */
  suburbs: string[];
}

export interface PostcodeEntry {
  postcode: string;
  /** By address share (largest first), then code; empty when no suburb of the postcode could be placed. */
  lgas: PostcodeLga[];
  /** Every suburb the postcode holds (display names, sorted), placed or not. */
  suburbs: string[];
  /** Every suburb, with the LGAs it was placed in (none for the `unplaced`). */
  localities: LocalityPlacement[];
}

/** A suburb of a postcode matched by name, with its LGAs cut to the state when one was given. */
export interface SuburbMatch {
  locality: LocalityPlacement;
  lgaCodes: string[];
}

export interface ApproximateLocation extends Coordinates {
  precision: 'postcode' | 'lga';
}

export interface PostcodeDirectory {
  postcodeCount: number;
  entry(postcode: string): PostcodeEntry | undefined;
  /** Exact match after normalisation; a trailing state (`Texas QLD`) keeps that state's LGAs only. */
  matchSuburb(postcode: string, suburb: string): SuburbMatch[];
  /** Every placement of a locality name in a jurisdiction, across postcodes (for SAL-level records). */
  localitiesNamed(name: string, jurisdiction: Jurisdiction): SuburbMatch[];
  /** A centroid for a postcode (G-NAF address mean) or an LGA (address-weighted mean of its localities). */
  approximateLocation(target: { postcode: string } | { lga: string }): ApproximateLocation | undefined;
  /** Localities no point and no table row could place. */
  unplaced: { postcode: string; name: string }[];
}

export interface PostcodeDirectoryInput {
  index: LgaIndex;
  gnafLocalities?: readonly GnafLocality[];
  gnafPostcodes?: readonly GnafPostcode[];
  postcodeLocalities?: readonly PostcodeLocality[];
}

/** Suburb names as written in G-NAF (mixed case); upper-case table names are title-cased to match. */
function displayName(name: string): string {
  return name === name.toUpperCase() ? name.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase()) : name;
}

function jurisdictionOfCode(index: LgaIndex, code: string): Jurisdiction | undefined {
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

function weightedMean(points: { point: Coordinates; weight: number }[]): Coordinates | undefined {
  const total = points.reduce((sum, { weight }) => sum + weight, 0);
  if (total <= 0) return undefined;
  return {
    latitude: points.reduce((sum, { point, weight }) => sum + point.latitude * weight, 0) / total,
    longitude: points.reduce((sum, { point, weight }) => sum + point.longitude * weight, 0) / total,
  };
}

/**
 * Places every locality of the tables in the LGAs of one boundary version, by point, and derives
 * postcode → LGAs (with address shares) and (postcode, suburb) → LGAs. Built once per boundary version.
 */
export function buildPostcodeDirectory(input: PostcodeDirectoryInput): PostcodeDirectory {
  const { index } = input;
  const byPostcode = new Map<string, Map<string, LocalityPlacement>>();
  const placement = (postcode: string, name: string): LocalityPlacement => {
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
  };
  const add = (locality: LocalityPlacement, codes: string[], basis: PlacementBasis) => {
    for (const code of codes) {
      if (!locality.lgas.some((lga) => lga.code === code)) locality.lgas.push({ code, basis });
    }
  };
  const lgasAt = (point: Coordinates | null): string[] =>
    point ? index.lookup(point.longitude, point.latitude).lgas.map((lga) => lga.code) : [];
  /**
   * A table point further than PLAUSIBLE_KM from every address-placed locality of its postcode is a
   * geocoding slip (Steve Kings Plains 2480 sits in Blayney, 500 km away): the row is not placed by it.
   */
  const plausible = (postcode: string, point: Coordinates | null): Coordinates | null => {
    const anchors = [...(byPostcode.get(postcode)?.values() ?? [])].flatMap((l) =>
      l.addressCentroid ? [l.addressCentroid] : [],
    );
    if (!point || anchors.length === 0) return point;
    return anchors.some((anchor) => kilometresBetween(anchor, point) <= PLAUSIBLE_KM) ? point : null;
  };
  const addressPlacedLgas = (postcode: string): Set<string> =>
    new Set(
      [...(byPostcode.get(postcode)?.values() ?? [])].flatMap((l) =>
        l.lgas.filter((lga) => lga.basis === 'address_points').map((lga) => lga.code),
      ),
    );
  const inState = (codes: string[], state: Jurisdiction) =>
    codes.filter((code) => jurisdictionOfCode(index, code) === state);

  // G-NAF address points place a locality; they are the best evidence there is.
  for (const row of input.gnafLocalities ?? []) {
    const locality = placement(row.postcode, row.locality);
    locality.name = row.locality;
    locality.addresses = (locality.addresses ?? 0) + row.addresses;
    locality.addressCentroid = { latitude: row.latitude, longitude: row.longitude };
    add(locality, lgasAt(row), 'address_points');
  }
  const placeNearest = (locality: LocalityPlacement, point: Coordinates | null) => {
    const near = point && index.nearest(point.longitude, point.latitude, NEAREST_LGA_KM);
    if (near) add(locality, [near.lga.code], 'nearest_lga');
  };
  // The postcode table states each locality's state: a row in a state the locality was not yet placed
  // in is its part across a border (Texas 4385 has a NSW row), placed by its point or the table's LGA.
  const tableRows = new Map<LocalityPlacement, PostcodeLocality[]>();
  for (const row of input.postcodeLocalities ?? []) {
    const locality = placement(row.postcode, row.locality);
    tableRows.set(locality, [...(tableRows.get(locality) ?? []), row]);
  }
  for (const [locality, rows] of tableRows) {
    for (const row of rows) {
      const placedStates = new Set(locality.lgas.map(({ code }) => jurisdictionOfCode(index, code)));
      if (placedStates.size === 0 || placedStates.has(row.state)) continue;
      const byPoint = inState(lgasAt(plausible(row.postcode, row.point)), row.state);
      const byTable = inState(row.postcodeLgaCode ? [row.postcodeLgaCode] : [], row.state);
      if (byPoint.length > 0) add(locality, byPoint, 'locality_point');
      else add(locality, byTable, 'postcode_table');
    }
    // Not placed by its addresses: take whatever its point says.
    for (const row of rows) {
      if (locality.lgas.length > 0) break;
      add(locality, lgasAt(plausible(row.postcode, row.point)), 'locality_point');
    }
    if (locality.lgas.length === 0) placeNearest(locality, locality.addressCentroid);
    for (const row of rows) {
      if (locality.lgas.length > 0) break;
      placeNearest(locality, plausible(row.postcode, row.point));
    }
    // The table's one LGA per postcode is often not the locality's (all of 2480 reads Ballina): used
    // only where the postcode has no address-placed localities, or they lie in that LGA too.
    for (const row of rows) {
      if (locality.lgas.length > 0 || !row.postcodeLgaCode) break;
      const held = addressPlacedLgas(row.postcode);
      if (held.size === 0 || held.has(row.postcodeLgaCode))
        add(locality, [row.postcodeLgaCode], 'postcode_table');
    }
  }
  const unplaced: { postcode: string; name: string }[] = [];
  for (const localities of byPostcode.values()) {
    for (const locality of localities.values()) {
      if (locality.lgas.length === 0 && !tableRows.has(locality))
        placeNearest(locality, locality.addressCentroid);
      locality.lgas.sort((a, b) => a.code.localeCompare(b.code));
      if (locality.lgas.length === 0) unplaced.push({ postcode: locality.postcode, name: locality.name });
    }
  }

  const entries = new Map<string, PostcodeEntry>();
  const entry = (postcode: string): PostcodeEntry | undefined => {
    const cached = entries.get(postcode);
    if (cached) return cached;
    const all = [...(byPostcode.get(postcode)?.values() ?? [])];
    if (all.length === 0) return undefined;
    const localities = all.filter((l) => l.lgas.length > 0);
    const totalAddresses = localities.reduce((sum, l) => sum + (l.addresses ?? 0), 0);
    const lgas = new Map<string, PostcodeLga>();
    for (const locality of localities) {
      // A locality's addresses count towards the LGAs its address points were placed in.
      const counted = locality.lgas.filter((lga) => lga.basis === 'address_points');
      for (const { code } of locality.lgas) {
        const jurisdiction = jurisdictionOfCode(index, code);
        if (!jurisdiction) continue;
        const lga = lgas.get(code) ?? {
          code,
          name: index.lgas.get(code)?.name ?? code,
          jurisdiction,
          addressShare: totalAddresses > 0 ? 0 : null,
          suburbs: [],
        };
        lga.suburbs.push(locality.name);
        if (lga.addressShare !== null && counted.some((c) => c.code === code)) {
          lga.addressShare += (locality.addresses ?? 0) / counted.length / totalAddresses;
        }
        lgas.set(code, lga);
      }
    }
    const created: PostcodeEntry = {
      postcode,
      lgas: [...lgas.values()]
        .map((lga) => ({ ...lga, suburbs: [...new Set(lga.suburbs)].sort() }))
        .sort((a, b) => (b.addressShare ?? 0) - (a.addressShare ?? 0) || a.code.localeCompare(b.code)),
      suburbs: [...new Set(all.map((l) => l.name))].sort(),
      localities: all,
    };
    entries.set(postcode, created);
    return created;
  };

  const restrict = (locality: LocalityPlacement, jurisdiction: Jurisdiction | undefined): SuburbMatch => ({
    locality,
    lgaCodes: locality.lgas
      .map((lga) => lga.code)
      .filter((code) => !jurisdiction || jurisdictionOfCode(index, code) === jurisdiction),
  });

  const matchSuburb = (postcode: string, suburb: string): SuburbMatch[] => {
    const localities = entry(postcode)?.localities ?? [];
    const query = parseSuburbQuery(suburb);
    const exact = localities.filter((l) => l.key === query.key).map((l) => restrict(l, undefined));
    if (exact.length > 0 || !query.jurisdiction) return exact;
    return localities
      .filter((l) => l.key === query.bareKey)
      .map((l) => restrict(l, query.jurisdiction))
      .filter((match) => match.lgaCodes.length > 0);
  };

  const localitiesNamed = (name: string, jurisdiction: Jurisdiction): SuburbMatch[] => {
    const key = normaliseSuburbName(name);
    const matches: SuburbMatch[] = [];
    for (const localities of byPostcode.values()) {
      const locality = localities.get(key);
      if (!locality) continue;
      const match = restrict(locality, jurisdiction);
      if (match.lgaCodes.length > 0) matches.push(match);
    }
    return matches;
  };

  const gnafPostcodes = new Map((input.gnafPostcodes ?? []).map((row) => [row.postcode, row]));
  const approximateLocation = (
    target: { postcode: string } | { lga: string },
  ): ApproximateLocation | undefined => {
    if ('postcode' in target) {
      const known = gnafPostcodes.get(target.postcode);
      const point =
        known ??
        weightedMean(
          (entry(target.postcode)?.localities ?? []).flatMap((l) =>
            l.addressCentroid ? [{ point: l.addressCentroid, weight: l.addresses ?? 0 }] : [],
          ),
        );
      return point && { latitude: point.latitude, longitude: point.longitude, precision: 'postcode' };
    }
    lgaCentroids ??= localityCentroidsByLga();
    const point = lgaCentroids.get(target.lga);
    return point && { ...point, precision: 'lga' };
  };

  let lgaCentroids: Map<string, Coordinates> | undefined;
  /** Address-weighted mean of the localities placed wholly in each LGA by their address points. */
  const localityCentroidsByLga = (): Map<string, Coordinates> => {
    const points = new Map<string, { point: Coordinates; weight: number }[]>();
    for (const localities of byPostcode.values()) {
      for (const l of localities.values()) {
        const only = l.lgas.length === 1 ? l.lgas[0]?.code : undefined;
        if (!only || !l.addressCentroid) continue;
        const list = points.get(only) ?? [];
        list.push({ point: l.addressCentroid, weight: l.addresses ?? 0 });
        points.set(only, list);
      }
    }
    const centroids = new Map<string, Coordinates>();
    for (const [code, weighted] of points) {
      const mean = weightedMean(weighted);
      if (mean) centroids.set(code, mean);
    }
    return centroids;
  };

  return {
    postcodeCount: byPostcode.size,
    entry,
    matchSuburb,
    localitiesNamed,
    approximateLocation,
    unplaced,
  };
}
