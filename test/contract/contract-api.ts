import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import { DeclarationStore } from '../../api/declarations/declaration-store.js';
import { geographyFiles, loadServedGeography } from '../../api/declarations/geography.js';
import { listen } from '../../api/listen.js';
import { ChangeHub } from '../../api/stream/hub.js';
import { StreamTokenCodec } from '../../api/stream/tokens.js';
import { openSubscriptionStore } from '../../api/subscriptions/open-store.js';
import { API_VERSION } from '../../api/version.js';
import { FEED_CATALOGUE, TIERS, type Tier } from '../../config/index.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { README_EXAMPLES } from '../../replay/stand-ins/declarations/index.js';
import { TEST_CAP_ISSUER } from '../support/cap-issuer.js';
import { everyTableLake } from '../support/every-table-lake.js';
import { testAccess } from '../support/keys.js';

export interface ContractApi {
  base: string;
  /** An enterprise key with every entitlement, on a quota no run of the tester reaches. */
  token: string;
  /** What the lake holds, for the document's path parameters: an incident, a gauge, a file, an AGRN. */
  known: { incidentId: string; gaugeId: string; lakePath: string; agrn: string };
  close(): Promise<void>;
}

/** A monthly quota no run reaches, on every plan: the tester is refused for its input, never its count. */
const UNMETERED = Object.fromEntries(TIERS.map((tier) => [tier, 1_000_000_000])) as Record<Tier, number>;

/**
 * Every part of the API in one process, over loopback HTTP: a lake of every table (incidents, their
 * history, the archive, events, gauges and their readings, declarations), the change stream with its
 * tokens, webhook subscriptions in a SQLite store, and the declarations' geography. What the
 * property-based tester calls: no route answers 503 for a part this process lacks.
 */
export async function startContractApi(): Promise<ContractApi> {
  const now = new Date();
  const lake = await everyTableLake(now);
  const store = await ServingStore.open(lake.lakeDir);
  const geographyInputs = geographyFiles(lake.declarationSettings);
  const geography = geographyInputs && loadServedGeography(geographyInputs);
  const stream = await ChangeHub.start(store);
  const subscriptionStore = await openSubscriptionStore({ DATA_DIR: lake.dir, DATABASE_URL: undefined });
  const access = testAccess();
  const { token } = await access.issue('enterprise', { entitlements: ['declarations'] });
  const app = createApp({
    cap: TEST_CAP_ISSUER,
    store,
    capFeedFile: lake.capFeedFile,
    feedHealth: { read: () => Promise.resolve([undefined]) },
    catalogue: FEED_CATALOGUE.filter((feed) => feed.key === 'nsw-rfs-major-incidents'),
    cursors: new CursorCodec('contract-test-cursor-secret'),
    keys: access.store,
    quota: access.store,
    quotas: UNMETERED,
    version: API_VERSION,
    startedAt: now,
    now: () => new Date(),
    declarations: new DeclarationStore(store, lake.lakeDir, geography),
    stream,
    streamTokens: new StreamTokenCodec('contract-test-stream-secret'),
    subscriptions: {
      store: subscriptionStore,
      // As in production: public https targets only. Every name resolves to a public address, never
      // called (no dispatcher runs here), so a made-up host is a valid target.
      policy: { allowLoopback: false },
      // A mail server is set (never called either), so e-mail subscriptions are taken.
      smtp: true,
      geography,
      lookup: () => Promise.resolve([{ address: '1.1.1.1', family: 4 }]),
    },
  });
  const server: Server = await listen(app.fetch, '127.0.0.1', 0);
  const known = {
    ...(await knownIds(app.request.bind(app), token, lake.gaugeId)),
    lakePath: store.manifest!.files.find((file) => file.table === 'incidents_live')!.path,
    agrn: String(README_EXAMPLES.agrn),
  };
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    known,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      stream.close();
      await subscriptionStore.close();
      access.close();
      store.close();
      await lake.close();
    },
  };
}

async function knownIds(
  request: (path: string, init: RequestInit) => Response | Promise<Response>,
  token: string,
  gaugeId: string,
): Promise<{ incidentId: string; gaugeId: string }> {
  const first = async (path: string) => {
    const response = await request(path, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { features?: { id: string }[] };
    const id = body.features?.[0]?.id;
    if (id === undefined) throw new Error(`${path} listed nothing (${response.status})`);
    return id;
  };
  return {
    incidentId: await first('/v1/incidents?limit=1'),
    gaugeId,
  };
}
