import { readFileSync } from 'node:fs';
import type { TLSConfig } from '@temporalio/client';
import { ConfigError, type Settings } from '../config/index.js';

/** What every connection to Temporal is made with: the client's and the workers' alike. */
export interface TemporalConnectionOptions {
  address: string;
  tls?: TLSConfig | true;
  apiKey?: string;
}

type CredentialSettings = Pick<
  Settings,
  | 'TEMPORAL_TLS'
  | 'TEMPORAL_TLS_CA_PATH'
  | 'TEMPORAL_TLS_CERT_PATH'
  | 'TEMPORAL_TLS_KEY_PATH'
  | 'TEMPORAL_TLS_SERVER_NAME'
  | 'TEMPORAL_API_KEY'
>;

function pemFile(setting: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(`${setting}: cannot read ${path} (${code})`);
  }
}

/** The TLS configuration the settings ask for; undefined for a plain connection (the dev server). */
export function temporalTls(settings: CredentialSettings): TLSConfig | true | undefined {
  const wanted =
    settings.TEMPORAL_TLS === true ||
    [
      settings.TEMPORAL_TLS_CA_PATH,
      settings.TEMPORAL_TLS_CERT_PATH,
      settings.TEMPORAL_TLS_SERVER_NAME,
      settings.TEMPORAL_API_KEY,
    ].some((value) => value !== undefined);
  if (!wanted || settings.TEMPORAL_TLS === false) return undefined;
  const tls: TLSConfig = {};
  if (settings.TEMPORAL_TLS_CA_PATH) {
    tls.serverRootCACertificate = pemFile('TEMPORAL_TLS_CA_PATH', settings.TEMPORAL_TLS_CA_PATH);
  }
  if (settings.TEMPORAL_TLS_CERT_PATH && settings.TEMPORAL_TLS_KEY_PATH) {
    tls.clientCertPair = {
      crt: pemFile('TEMPORAL_TLS_CERT_PATH', settings.TEMPORAL_TLS_CERT_PATH),
      key: pemFile('TEMPORAL_TLS_KEY_PATH', settings.TEMPORAL_TLS_KEY_PATH),
    };
  }
  if (settings.TEMPORAL_TLS_SERVER_NAME) tls.serverNameOverride = settings.TEMPORAL_TLS_SERVER_NAME;
  return Object.keys(tls).length > 0 ? tls : true;
}

/**
 * The options of a connection to `address`: the cluster's TLS and API key when it is the one
 * TEMPORAL_ADDRESS names, a plain connection to the dev server the service started.
 */
export function temporalConnectionOptions(
  settings: CredentialSettings & Pick<Settings, 'TEMPORAL_ADDRESS'>,
  address: string,
): TemporalConnectionOptions {
  if (address !== settings.TEMPORAL_ADDRESS) return { address };
  const tls = temporalTls(settings);
  return {
    address,
    ...(tls !== undefined ? { tls } : {}),
    ...(settings.TEMPORAL_API_KEY !== undefined ? { apiKey: settings.TEMPORAL_API_KEY } : {}),
  };
}
