import type { SuburbNarrowing } from '../model/index.js';
import type { LocalityPlacement, PostcodeDirectory, PostcodeEntry, PostcodeLga } from '../geo/index.js';

export interface Narrowed {
  narrowing: SuburbNarrowing;
  /** The LGAs to answer for: the suburb's when narrowing applied, else every LGA of the postcode. */
  lgas: PostcodeLga[];
  /** The suburbs in question: the matched ones, or every suburb of the postcode. */
  localities: LocalityPlacement[];
  /** A suburb's LGAs as far as the request is concerned (a trailing state keeps that state's). */
  lgaCodesOf: (locality: LocalityPlacement) => string[];
}

/**
 * The `suburb` parameter: exact match after normalisation within the postcode. A match narrows to the
 * LGAs the suburb lies in (all of them when it spans several, or when a bare name is shared by suburbs
 * either side of a border); no match never fails the lookup: the whole postcode is answered, with a
 * reason and the postcode's known suburbs.
 */
export function narrowToSuburb(directory: PostcodeDirectory, entry: PostcodeEntry, suburb: string): Narrowed {
  const knownSuburbs = entry.suburbs;
  const matches = directory.matchSuburb(entry.postcode, suburb).filter((match) => match.lgaCodes.length > 0);
  const whole = (reason: string): Narrowed => ({
    narrowing: { requested: suburb, applied: false, reason, matchedSuburbs: [], knownSuburbs },
    lgas: entry.lgas,
    localities: entry.localities,
    lgaCodesOf: (locality) => locality.lgas.map((lga) => lga.code),
  });
  if (matches.length === 0) {
    const named = directory.matchSuburb(entry.postcode, suburb).length > 0;
    return whole(
      named
        ? `The suburb is listed for postcode ${entry.postcode} but could not be placed in an LGA; the whole postcode is answered.`
        : `No suburb of postcode ${entry.postcode} matches exactly (after normalising case, spacing and punctuation); the whole postcode is answered.`,
    );
  }
  const codesByLocality = new Map(matches.map((match) => [match.locality, match.lgaCodes]));
  const codes = new Set(matches.flatMap((match) => match.lgaCodes));
  const names = [...new Set(matches.map((match) => match.locality.name))];
  const lgas = entry.lgas
    .filter((lga) => codes.has(lga.code))
    .map((lga) => ({
      ...lga,
      // The postcode's address shares do not carry over to part of it.
      addressShare: null,
      suburbs: names.filter((name) =>
        matches.some((match) => match.locality.name === name && match.lgaCodes.includes(lga.code)),
      ),
    }));
  return {
    narrowing: {
      requested: suburb,
      applied: true,
      reason:
        codes.size > 1
          ? `Narrowed to ${names.join(', ')}, which lies in ${codes.size} LGAs; each is answered.`
          : `Narrowed to ${names.join(', ')}.`,
      matchedSuburbs: names,
      knownSuburbs,
    },
    lgas,
    localities: matches.map((match) => match.locality),
    lgaCodesOf: (locality) => codesByLocality.get(locality) ?? [],
  };
}
