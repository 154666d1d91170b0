import type { ApproximateLocator, ApproximatePlace, LgaRef, StateCode } from '../model/index.js';
import { approximateLocation } from './approximate-location.js';
import type { LgaIndex } from './lga-index.js';
import type { PostcodeDirectory } from './localities/postcode-directory.js';

/**
 * The LGA/postcode lookup archive loads use (model/archive.ts `ApproximateLocator`), over one boundary
 * version's point-in-LGA index and postcode directory: centroids for rows that name only a postcode or
 * an LGA, and the state and LGA a point lies in.
 */

/** Words that differ between how sources and the ABS name one council ("Sydney (C)", "City of Sydney"). */
const COUNCIL_WORDS = new Set([
  'the',
  'of',
  'city',
  'shire',
  'council',
  'regional',
  'municipal',
  'municipality',
  'district',
  'town',
  'borough',
  'rural',
]);

/** `City of Greater Geelong`, `Greater Geelong (C)` → `greater geelong`. */
export function lgaNameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9' -]/g, ' ')
    .split(/[\s-]+/)
    .filter((word) => word !== '' && !COUNCIL_WORDS.has(word))
    .join(' ');
}

/** LGAs by state and name key; a key two LGAs of one state share names neither. */
function lgasByName(index: LgaIndex): Map<string, LgaRef | null> {
  const byName = new Map<string, LgaRef | null>();
  for (const lga of index.lgas.values()) {
    const key = `${lga.jurisdiction} ${lgaNameKey(lga.name)}`;
    byName.set(key, byName.has(key) ? null : lga);
  }
  return byName;
}

const isState = (jurisdiction: string): jurisdiction is StateCode => jurisdiction !== 'ot';

export function geographyLocator(geography: {
  index: LgaIndex;
  directory?: PostcodeDirectory;
}): ApproximateLocator {
  const byName = lgasByName(geography.index);
  const place = (
    target: { postcode: string } | { lga: string },
    lga: string,
  ): ApproximatePlace | undefined => {
    const found = approximateLocation(target, geography);
    return found && { latitude: found.latitude, longitude: found.longitude, lga };
  };
  return {
    byPostcode(postcode, state) {
      const lgas = geography.directory?.entry(postcode)?.lgas ?? [];
      // A postcode is the state's when one of its LGAs is (2620 spans NSW and the ACT), or when nothing says.
      const inState = lgas.find((lga) => lga.jurisdiction === state);
      if (lgas.length > 0 && !inState) return undefined;
      return place({ postcode }, inState?.name ?? '');
    },
    byLgaName(name, state) {
      const lga = byName.get(`${state} ${lgaNameKey(name)}`);
      return lga ? place({ lga: lga.code }, lga.name) : undefined;
    },
    byPoint(latitude, longitude) {
      const [lga] = geography.index.lookup(longitude, latitude).lgas;
      return lga && isState(lga.jurisdiction) ? { state: lga.jurisdiction, lga: lga.name } : undefined;
    },
  };
}
