import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseSettings } from '../../config/index.js';
import { temporalConnectionOptions } from '../../runtime/temporal-connection.js';

describe('connection options for a Temporal cluster', () => {
  let dir: string;
  const file = (name: string) => join(dir, name);
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-temporal-tls-'));
    await writeFile(file('ca.pem'), 'made-up CA');
    await writeFile(file('client.pem'), 'made-up certificate');
    await writeFile(file('client.key'), 'made-up key');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const address = 'temporal.example.internal:7233';
  const settings = (env: Record<string, string>) => parseSettings({ TEMPORAL_ADDRESS: address, ...env });

  it('is a plain connection when nothing asks for TLS', () => {
    expect(temporalConnectionOptions(settings({}), address)).toEqual({ address });
  });

  it('reads the CA, the client certificate pair and the server name for mTLS', () => {
    const options = temporalConnectionOptions(
      settings({
        TEMPORAL_TLS_CA_PATH: file('ca.pem'),
        TEMPORAL_TLS_CERT_PATH: file('client.pem'),
        TEMPORAL_TLS_KEY_PATH: file('client.key'),
        TEMPORAL_TLS_SERVER_NAME: 'frontend.temporal',
      }),
      address,
    );
    expect(options.address).toBe(address);
    expect(options.tls).toEqual({
      serverRootCACertificate: Buffer.from('made-up CA'),
      clientCertPair: { crt: Buffer.from('made-up certificate'), key: Buffer.from('made-up key') },
      serverNameOverride: 'frontend.temporal',
    });
  });

  it('uses TLS with the system roots for an API key', () => {
    expect(temporalConnectionOptions(settings({ TEMPORAL_API_KEY: 'made-up-key' }), address)).toEqual({
      address,
      tls: true,
      apiKey: 'made-up-key',
    });
    expect(temporalConnectionOptions(settings({ TEMPORAL_TLS: 'true' }), address)).toEqual({
      address,
      tls: true,
    });
  });

  it('names the setting whose file cannot be read', () => {
    const read = () =>
      temporalConnectionOptions(settings({ TEMPORAL_TLS_CA_PATH: file('missing.pem') }), address);
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(`TEMPORAL_TLS_CA_PATH: cannot read ${file('missing.pem')} (ENOENT)`);
  });

  it('leaves the dev server the service started on a plain connection', () => {
    const devAddress = '127.0.0.1:7233';
    expect(temporalConnectionOptions(settings({ TEMPORAL_TLS: 'true' }), devAddress)).toEqual({
      address: devAddress,
    });
  });

  it('refuses a certificate without its key, and credentials without a cluster', () => {
    expect(() => settings({ TEMPORAL_TLS_CERT_PATH: file('client.pem') })).toThrow(
      'TEMPORAL_TLS_CERT_PATH: a client certificate needs its key',
    );
    expect(() => parseSettings({ TEMPORAL_API_KEY: 'made-up-key' })).toThrow(
      'TEMPORAL_API_KEY: TEMPORAL_API_KEY apply to the cluster TEMPORAL_ADDRESS names',
    );
  });
});
