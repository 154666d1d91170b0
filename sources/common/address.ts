/** "4km SW of", "10Km Nw Of", "2.5 km N" before a place name. */
const DISTANCE_LEAD = /^\d+(?:\.\d+)?\s*km\s+[NSEW]{1,3}\s+(?:of\s+)?/i;
/** A postcode closing the address, after a comma or a space. */
const POSTCODE_TAIL = /[\s,]+\d{4}\s*$/;

export interface SuburbRules {
  /** The state's code, dropped from the end with or without its postcode ("… NSW 2630", "… TAS"). */
  state: string;
  /** What an address without a comma gives; by default itself, a place name. */
  alone?: (part: string) => string;
}

/**
 * Best effort, one agency's rules: the place an address ends with, as the agency wrote it. That is its
 * last comma-separated part, without a trailing state code or postcode and a leading distance ("4km SW
 * of"); '' when no letter is left (bare coordinates, numbers). An address without a comma is judged by
 * `alone`: a place name in most feeds, but a road or a description in others.
 */
export function suburbReader(rules: SuburbRules): (address: string) => string {
  const stateTail = new RegExp(`\\s*\\b${rules.state}\\b\\s*(?:\\d{4})?\\s*$`, 'i');
  return (address) => {
    const parts = address
      .replace(stateTail, '')
      .replace(POSTCODE_TAIL, '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const last = (parts.at(-1) ?? '').replace(DISTANCE_LEAD, '');
    const place = parts.length > 1 || !rules.alone ? last : rules.alone(last);
    return /\p{L}/u.test(place) ? place : '';
  };
}
