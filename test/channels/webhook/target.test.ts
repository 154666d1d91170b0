import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  guardedLookup,
  targetRefusal,
  urlRefusal,
} from '../../../channels/webhook/target.js';

const STRICT = { allowLoopback: false };
const DEVELOPMENT = { allowLoopback: true };
const resolvesTo =
  (...addresses: string[]) =>
  (): Promise<LookupAddress[]> =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

describe('webhook targets: no private, loopback or link-local address (SSRF)', () => {
  it('refuses private, loopback, link-local, shared, reserved and multicast addresses, v4 and v6', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '127.8.9.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
    ])
      expect(addressRefusal(address, STRICT), address).toMatch(/private, loopback, link-local or reserved/);
    for (const address of ['8.8.8.8', '203.1.2.3', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(addressRefusal(address, STRICT), address).toBeUndefined();
  });

  it('allows loopback, and only loopback, under the development setting', () => {
    expect(addressRefusal('127.0.0.1', DEVELOPMENT)).toBeUndefined();
    expect(addressRefusal('::1', DEVELOPMENT)).toBeUndefined();
    expect(addressRefusal('::ffff:127.0.0.1', DEVELOPMENT)).toBeUndefined();
    expect(addressRefusal('10.0.0.1', DEVELOPMENT)).toBeDefined();
    expect(addressRefusal('169.254.169.254', DEVELOPMENT)).toBeDefined();
    expect(urlRefusal(new URL('http://127.0.0.1:9000/hook'), DEVELOPMENT)).toBeUndefined();
    expect(urlRefusal(new URL('http://localhost:9000/hook'), DEVELOPMENT)).toBeUndefined();
    // Plain http anywhere else stays refused.
    expect(urlRefusal(new URL('http://hooks.example.org/x'), DEVELOPMENT)).toBe('the URL must be https');
  });

  it('wants https, no credentials, and no literal address inside', () => {
    expect(urlRefusal(new URL('http://hooks.example.org/x'), STRICT)).toBe('the URL must be https');
    expect(urlRefusal(new URL('ftp://hooks.example.org/x'), STRICT)).toBe('the URL must be https');
    expect(urlRefusal(new URL('https://user:pw@hooks.example.org/x'), STRICT)).toMatch(/credentials/);
    expect(urlRefusal(new URL('https://10.1.2.3/x'), STRICT)).toMatch(/10\.1\.2\.3/);
    expect(urlRefusal(new URL('https://[::1]/x'), STRICT)).toMatch(/::1/);
    expect(urlRefusal(new URL('https://localhost/x'), STRICT)).toMatch(/loopback/);
    expect(urlRefusal(new URL('https://hooks.example.org/x'), STRICT)).toBeUndefined();
  });

  it('looks the name up: refused when any address it resolves to is inside, or when it does not resolve', async () => {
    const url = new URL('https://hooks.example.org/x');
    expect(await targetRefusal(url, STRICT, resolvesTo('93.184.216.34'))).toBeUndefined();
    expect(await targetRefusal(url, STRICT, resolvesTo('10.0.0.7'))).toMatch(/resolves to 10\.0\.0\.7/);
    expect(await targetRefusal(url, STRICT, resolvesTo('93.184.216.34', '169.254.169.254'))).toMatch(
      /169\.254\.169\.254/,
    );
    expect(await targetRefusal(url, STRICT, () => Promise.reject(new Error('ENOTFOUND')))).toMatch(
      /does not resolve/,
    );
  });

  it('checks the addresses again when a delivery connects, so a name that turns inside later is refused', async () => {
    const connect = (policy: { allowLoopback: boolean }) =>
      new Promise<string>((resolve) =>
        guardedLookup(policy)('localhost', { family: 4 }, (error, address) =>
          resolve(error ? error.message : (address as string)),
        ),
      );
    expect(await connect(STRICT)).toMatch(/^refused: localhost resolves to 127\.0\.0\.1 is a private/);
    expect(await connect(DEVELOPMENT)).toBe('127.0.0.1');
  });
});
