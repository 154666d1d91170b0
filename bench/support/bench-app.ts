import { join } from 'node:path';
import { issueKey } from '../../api/access/issue.js';
import { SqliteAccessStore } from '../../api/access/sqlite-store.js';
import { createApp } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import type { FeedHealthSource } from '../../api/feed-health-source.js';
import type { AppDeps } from '../../api/app.js';
import type { ServingStore } from '../../lake/serving/serving-store.js';
import { FEED_CATALOGUE, parseSettings } from '../../config/index.js';
import { capIssuerFromSettings } from '../../exports/cap/issuer.js';

/**
 * The app every API benchmark drives: the real access gate with an enterprise key whose quota a run
 * cannot exhaust (the gate's cost is part of the figures), over the given store.
 */
export async function benchApp(
  store: ServingStore,
  workDir: string,
  feedHealth: FeedHealthSource = { read: () => Promise.resolve([]) },
  /** More of the app's deps (the change stream). */
  more: Partial<AppDeps> = {},
) {
  const access = SqliteAccessStore.open(join(workDir, 'access.sqlite'));
  const { token } = await issueKey(access, { tier: 'enterprise', label: 'bench' }, new Date());
  const app = createApp({
    cap: capIssuerFromSettings(parseSettings({}), FEED_CATALOGUE),
    keys: access,
    quota: access,
    quotas: { free: 0, starter: 0, developer: 0, business: 0, pro: 0, enterprise: Number.MAX_SAFE_INTEGER },
    store,
    feedHealth,
    catalogue: FEED_CATALOGUE,
    cursors: new CursorCodec('bench-secret-bench-secret'),
    version: 'bench',
    startedAt: new Date(),
    now: () => new Date(),
    ...more,
  });
  return { app, access, token };
}
