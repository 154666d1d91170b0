import { z } from 'zod';

/** Longest address SMTP carries (RFC 5321 §4.5.3.1.3: a path of 256 octets, less the brackets). */
export const MAX_ADDRESS_LENGTH = 254;

/**
 * What an address may look like: the HTML living standard's rule for `<input type=email>` (RFC 5322's
 * dot-atoms, no quoted local parts, comments or display names), as a browser form accepts it.
 */
export const ADDRESS_PATTERN = z.regexes.html5Email;

const Address = z.email({ pattern: ADDRESS_PATTERN }).max(MAX_ADDRESS_LENGTH);

/** An e-mail subscription's target as stored: a mailto: URL (RFC 6068) of one address. */
export function mailtoTarget(address: string): string {
  // `?`, `#`, `%` and the like may appear in an address but would end or change the URL's path.
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}`;
}

/** The address of a mailto: target. */
export function addressOf(target: URL): string {
  return decodeURIComponent(target.pathname);
}

/** Why an address may not be a target (undefined when it may): one plain address, nothing more. */
export function addressRefusal(address: string): string | undefined {
  if (!Address.safeParse(address).success)
    return `${JSON.stringify(address)} is not one e-mail address (name@domain.example)`;
  return undefined;
}
