import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** What targets a deployment accepts: public addresses only, and loopback too in development. */
export interface TargetPolicy {
  /** WEBHOOK_ALLOW_LOOPBACK: 127.0.0.0/8 and ::1, over http too (the demo and tests). */
  allowLoopback: boolean;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Addresses no webhook may reach: private, loopback, link-local, shared, reserved and the like. */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv6');

/** The 8 groups of an IPv6 address, or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const octets = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (value: string | undefined) =>
    value ? value.split(':').map((group) => parseInt(group, 16)) : [];
  const left = part(head);
  const right = part(tail);
  const groups =
    tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 &&
    groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64 =
    groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (!mapped && !nat64) return undefined;
  const [high, low] = [groups[6]!, groups[7]!];
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** Why an address may not be a webhook target; undefined when it may. */
export function addressRefusal(address: string, policy: TargetPolicy): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  const [checked, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  if (policy.allowLoopback && LOOPBACK.check(checked, type)) return undefined;
  if (REFUSED.check(checked, type))
    return `${address} is a private, loopback, link-local or reserved address`;
  return undefined;
}

const isLoopbackName = (hostname: string) =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  hostname === '[::1]' ||
  hostname.startsWith('127.');

/** Why a URL may not be a webhook target before any lookup (scheme, credentials, a literal address). */
export function urlRefusal(url: URL, policy: TargetPolicy): string | undefined {
  if (url.username || url.password) return 'the URL may not carry credentials';
  if (url.protocol === 'http:' && !(policy.allowLoopback && isLoopbackName(url.hostname)))
    return 'the URL must be https';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'the URL must be https';
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) return addressRefusal(literal, policy);
  if (isLoopbackName(url.hostname) && !policy.allowLoopback) return `${url.hostname} is a loopback name`;
  return undefined;
}

type Lookup = (hostname: string) => Promise<LookupAddress[]>;

const systemLookup: Lookup = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * Why a target may not be used, looking its name up as a delivery would: every address it resolves to
 * must be allowed (a name that also points inside is refused). Undefined when it may.
 */
export async function targetRefusal(
  url: URL,
  policy: TargetPolicy,
  lookup: Lookup = systemLookup,
): Promise<string | undefined> {
  const refused = urlRefusal(url, policy);
  if (refused) return refused;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) return undefined;
  let addresses: LookupAddress[];
  try {
    addresses = await lookup(url.hostname);
  } catch (error) {
    return `${url.hostname} does not resolve (${error instanceof Error ? error.message : String(error)})`;
  }
  if (addresses.length === 0) return `${url.hostname} does not resolve`;
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, policy);
    if (refusal) return `${url.hostname} resolves to ${refusal}`;
  }
  return undefined;
}

/**
 * A `lookup` for http(s).request that connects only to allowed addresses: the name is resolved at
 * connection time and refused if any address is not allowed, so a name that changes its answer after
 * the subscription was checked (DNS rebinding) still cannot reach inside.
 */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const refusal = addresses.map(({ address }) => addressRefusal(address, policy)).find(Boolean);
      if (refusal)
        return callback(
          Object.assign(new Error(`refused: ${hostname} resolves to ${refusal}`), {
            code: 'EREFUSED_TARGET',
          }),
          '',
          4,
        );
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
