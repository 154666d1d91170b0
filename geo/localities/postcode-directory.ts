import type { Jurisdiction, LgaRef } from '../../model/index.js';
import type { LgaIndex } from '../lga-index.js';
import type { Coordinates, GnafLocality, GnafPostcode, PostcodeLocality } from './locality-tables.js';
import {
  jurisdictionOfCode,
  placeLocalities,
  type LocalityPlacement,
  type Placements,
} from './place-localities.js';
import { normaliseSuburbName, parseSuburbQuery } from './suburb-names.js';

export type { LocalityPlacement, PlacementBasis } from './place-localities.js';

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

function weightedMean(points: { point: Coordinates; weight: number }[]): Coordinates | undefined {
  const total = points.reduce((sum, { weight }) => sum + weight, 0);
  if (total <= 0) return undefined;
  return {
    latitude: points.reduce((sum, { point, weight }) => sum + point.latitude * weight, 0) / total,
    longitude: points.reduce((sum, { point, weight }) => sum + point.longitude * weight, 0) / total,
  };
}

type LocalitiesByPostcode = Placements['byPostcode'];

/**
 * Postcode → LGAs (with address shares) and (postcode, suburb) → LGAs, from the localities placed in
 * one boundary version's LGAs (`place-localities.ts`). Built once per boundary version.
 */
export function buildPostcodeDirectory(input: PostcodeDirectoryInput): PostcodeDirectory {
  const { index } = input;
  const { byPostcode, unplaced } = placeLocalities(input);

  const entries = new Map<string, PostcodeEntry>();
  const entry = (postcode: string): PostcodeEntry | undefined => {
    const cached = entries.get(postcode);
    if (cached) return cached;
    const created = postcodeEntry(index, postcode, [...(byPostcode.get(postcode)?.values() ?? [])]);
    if (created) entries.set(postcode, created);
    return created;
  };

  const gnafPostcodes = new Map((input.gnafPostcodes ?? []).map((row) => [row.postcode, row]));
  let lgaCentroids: Map<string, Coordinates> | undefined;
  const approximateLocation = (
    target: { postcode: string } | { lga: string },
  ): ApproximateLocation | undefined => {
    if ('postcode' in target) {
      const point =
        gnafPostcodes.get(target.postcode) ?? localityCentroid(entry(target.postcode)?.localities ?? []);
      return point && { latitude: point.latitude, longitude: point.longitude, precision: 'postcode' };
    }
    lgaCentroids ??= localityCentroidsByLga(byPostcode);
    const point = lgaCentroids.get(target.lga);
    return point && { ...point, precision: 'lga' };
  };

  return {
    postcodeCount: byPostcode.size,
    entry,
    matchSuburb: (postcode, suburb) => matchSuburbIn(index, entry(postcode)?.localities ?? [], suburb),
    localitiesNamed: (name, jurisdiction) => localitiesNamedIn(index, byPostcode, name, jurisdiction),
    approximateLocation,
    unplaced,
  };
}

/** A postcode's entry from all its localities; undefined when it has none. */
function postcodeEntry(
  index: LgaIndex,
  postcode: string,
  all: LocalityPlacement[],
): PostcodeEntry | undefined {
  if (all.length === 0) return undefined;
  return {
    postcode,
    lgas: lgasOfPostcode(index, all)
      .map((lga) => ({ ...lga, suburbs: [...new Set(lga.suburbs)].sort() }))
      .sort((a, b) => (b.addressShare ?? 0) - (a.addressShare ?? 0) || a.code.localeCompare(b.code)),
    suburbs: [...new Set(all.map((l) => l.name))].sort(),
    localities: all,
  };
}

/** The LGAs a postcode's placed localities lie in, with their suburbs and share of its addresses. */
function lgasOfPostcode(index: LgaIndex, all: readonly LocalityPlacement[]): PostcodeLga[] {
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
  return [...lgas.values()];
}

/** A locality's LGAs, cut to `jurisdiction`'s when one is given. */
function restrict(
  index: LgaIndex,
  locality: LocalityPlacement,
  jurisdiction: Jurisdiction | undefined,
): SuburbMatch {
  return {
    locality,
    lgaCodes: locality.lgas
      .map((lga) => lga.code)
      .filter((code) => !jurisdiction || jurisdictionOfCode(index, code) === jurisdiction),
  };
}

function matchSuburbIn(
  index: LgaIndex,
  localities: readonly LocalityPlacement[],
  suburb: string,
): SuburbMatch[] {
  const query = parseSuburbQuery(suburb);
  const exact = localities.filter((l) => l.key === query.key).map((l) => restrict(index, l, undefined));
  if (exact.length > 0 || !query.jurisdiction) return exact;
  return localities
    .filter((l) => l.key === query.bareKey)
    .map((l) => restrict(index, l, query.jurisdiction))
    .filter((match) => match.lgaCodes.length > 0);
}

function localitiesNamedIn(
  index: LgaIndex,
  byPostcode: LocalitiesByPostcode,
  name: string,
  jurisdiction: Jurisdiction,
): SuburbMatch[] {
  const key = normaliseSuburbName(name);
  const matches: SuburbMatch[] = [];
  for (const localities of byPostcode.values()) {
    const locality = localities.get(key);
    if (!locality) continue;
    const match = restrict(index, locality, jurisdiction);
    if (match.lgaCodes.length > 0) matches.push(match);
  }
  return matches;
}

/** Address-weighted mean of a postcode's localities, for a postcode the G-NAF postcodes table lacks. */
function localityCentroid(localities: readonly LocalityPlacement[]): Coordinates | undefined {
  return weightedMean(
    localities.flatMap((l) =>
      l.addressCentroid ? [{ point: l.addressCentroid, weight: l.addresses ?? 0 }] : [],
    ),
  );
}

/** Address-weighted mean of the localities placed wholly in each LGA by their address points. */
function localityCentroidsByLga(byPostcode: LocalitiesByPostcode): Map<string, Coordinates> {
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
}
