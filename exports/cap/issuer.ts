import type { FeedDefinition, Settings } from '../../config/index.js';
import type { CapIssuer } from './cap-alert.js';

/** The service as CAP sender, with each agency's public name and web page from the feed catalogue. */
export function capIssuer(
  { sender, profileCode }: { sender: string; profileCode: string },
  catalogue: readonly FeedDefinition[],
): CapIssuer {
  const agencies = new Map<string, { name: string; homepage: string }>();
  for (const feed of catalogue) {
    const key = `${feed.state}/${feed.agency}`;
    // The first feed listed for an agency is its main one.
    if (!agencies.has(key)) agencies.set(key, { name: feed.agencyName, homepage: feed.homepage });
    for (const [code, name] of Object.entries(feed.carriedAgencies ?? {})) {
      const carried = `${feed.state}/${code}`;
      if (!agencies.has(carried)) agencies.set(carried, { name, homepage: feed.homepage });
    }
  }
  return { sender, profileCode, agency: (state, agency) => agencies.get(`${state}/${agency}`) };
}

/** The issuer the settings describe (CAP_SENDER, CAP_PROFILE_CODE): built once per process and injected. */
export function capIssuerFromSettings(
  settings: Pick<Settings, 'CAP_SENDER' | 'CAP_PROFILE_CODE'>,
  catalogue: readonly FeedDefinition[],
): CapIssuer {
  return capIssuer({ sender: settings.CAP_SENDER, profileCode: settings.CAP_PROFILE_CODE }, catalogue);
}
