import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import { DeclarationStore } from '../../api/declarations/declaration-store.js';
import { geographyFiles, loadServedGeography } from '../../api/declarations/geography.js';
import { BoardDeclarationHealthSource } from '../../api/declarations/health-source.js';
import { WorkflowHealthBoard } from '../../api/workflow-health/board.js';
import { dataLayout } from '../../config/index.js';
import { filesOf } from '../../lake/manifest.js';
import type { DeclarationRefreshHealth, DeclarationSourceHealth } from '../../model/index.js';
import { ReplayServer } from '../../replay/server.js';
import { declarationHealthQuery, refreshDeclarationsSignal } from '../../workflows/index.js';
import { TEST_CAP_ISSUER } from '../support/cap-issuer.js';
import { observeMemo, startHarness, waitFor, type Harness } from '../support/harness.js';
import { bearer, testAccess, type TestAccess } from '../support/keys.js';
import { writeStandInInputs } from '../declarations/support/api-fixture.js';
import { recordHistories } from '../support/record-history.js';

const CATALOGUE_PATH = '/data/api/3/action/package_show';
const CSV_PATH = '/data/dataset/drfa/resource/download/drfa_activation_history.csv';

/**
 * The refresher on a real Temporal dev server with both workers: the DRFA history comes from a
 * replayed data.gov.au catalogue entry and the file it names, the NSW register from a local page.
 */
describe('declarationRefresher on a real Temporal dev server', () => {
  let inputs: string;
  let upstream: ReplayServer;
  let h: Harness;
  let access: TestAccess;
  let app: App;
  let declarations: DeclarationStore;
  let goodCsv: string;
  let board: WorkflowHealthBoard;
  const workflowId = `test-declarations-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    inputs = await mkdtemp(join(tmpdir(), 'eids-declaration-inputs-'));
    const files = await writeStandInInputs(inputs);
    goodCsv = await readFile(files.drfa!, 'utf8');
    upstream = await ReplayServer.start();
    upstream.script(CATALOGUE_PATH, [
      {
        kind: 'document',
        body: JSON.stringify({
          success: true,
          result: {
            name: 'drfa-activation-history-by-lga',
            resources: [
              { format: 'PDF', url: `${upstream.url}/data/guide.pdf`, last_modified: '2026-03-01T00:00:00' },
              { format: 'CSV', url: `${upstream.url}${CSV_PATH}`, last_modified: '2026-03-20T06:34:00' },
            ],
          },
        }),
      },
    ]);
    upstream.script(CSV_PATH, [{ kind: 'document', body: goodCsv, contentType: 'text/csv' }]);
    h = await startHarness({
      DECLARATIONS_BOUNDARIES: files.boundaries!,
      DECLARATIONS_GNAF_LOCALITIES: files.gnafLocalities!,
      DECLARATIONS_GNAF_POSTCODES: files.gnafPostcodes!,
      DECLARATIONS_POSTCODE_LOCALITIES: files.postcodeLocalities!,
      DECLARATIONS_DRFA_SOURCE: `${upstream.url}${CATALOGUE_PATH}?id=drfa-activation-history-by-lga`,
      DECLARATIONS_NSW_PAGES: files.nsw!,
    });
    const lakeDir = dataLayout(h.settings.DATA_DIR).lakeDir;
    declarations = new DeclarationStore(h.store, lakeDir, loadServedGeography(geographyFiles(h.settings)!));
    access = testAccess();
    board = new WorkflowHealthBoard(h.client, [workflowId]);
    app = createApp({
      cap: TEST_CAP_ISSUER,
      store: h.store,
      keys: access.store,
      quota: access.store,
      feedHealth: { read: () => Promise.resolve([]) },
      catalogue: [],
      cursors: new CursorCodec('refresher-test-secret'),
      version: 'test',
      startedAt: new Date(),
      now: () => new Date(),
      declarations,
      declarationHealth: new BoardDeclarationHealthSource(board, workflowId),
    });
    await h.client.workflow.start('declarationRefresher', {
      workflowId,
      taskQueue: h.settings.INGEST_TASK_QUEUE,
      args: [
        {
          ingestTaskQueue: h.settings.INGEST_TASK_QUEUE,
          warehouseTaskQueue: h.settings.WAREHOUSE_TASK_QUEUE,
          fetchMaximumAttempts: 1,
        },
      ],
    });
  });
  afterAll(async () => {
    await recordHistories(h.client, workflowId, 'refreshes, failures and the guard');
    await recordHistories(h.client, `${workflowId}-schedule`, 'wakes the refresher');
    await h.client.workflow
      .getHandle(workflowId)
      .terminate('test finished')
      .catch(() => undefined);
    access.close();
    await h.stop();
    await upstream.close();
    await rm(inputs, { recursive: true, force: true });
  });

  const health = () => h.client.workflow.getHandle(workflowId).query(declarationHealthQuery);
  const afterRefresh = (count: number) =>
    waitFor(
      async () => {
        const current = await health();
        return current.refreshes >= count ? current : undefined;
      },
      { what: `refresh ${count}`, timeoutMs: 60_000 },
    );
  const sourceOf = (current: DeclarationRefreshHealth, source: DeclarationSourceHealth['source']) =>
    current.sources.find((entry) => entry.source === source)!;
  async function served() {
    await h.store.refresh();
    await declarations.refresh();
    return filesOf(h.store.manifest, 'declarations').map((file) => ({ path: file.path, rows: file.rows }));
  }
  async function get(url: string) {
    const token = (await access.issue('enterprise', { entitlements: ['declarations'] })).token;
    return app.request(url, { headers: bearer(token) });
  }

  it('a good refresh publishes both sources through the catalogue entry; a bad one keeps the last good data', async () => {
    const first = await afterRefresh(1);
    expect(first.status).toBe('healthy');
    const drfa = sourceOf(first, 'nema_drfa_activations');
    const nsw = sourceOf(first, 'nsw_disaster_declarations');
    expect(drfa).toMatchObject({ status: 'healthy', lastOutcome: 'published', consecutiveFailures: 0 });
    expect(nsw).toMatchObject({ status: 'healthy', lastOutcome: 'published', records: 4 });
    expect(upstream.requests(CSV_PATH)).toBe(1);
    const good = await served();
    expect(good.map((file) => file.rows).sort((a, b) => a - b)).toEqual([4, drfa.records]);
    // The body is kept by its hash, as a feed's are.
    const kept = await readdir(join(h.settings.DATA_DIR, 'raw', 'declarations-nema_drfa_activations'), {
      recursive: true,
    });
    expect(kept.map((path) => path.split('/').pop())).toContain(
      `${createHash('sha256').update(goodCsv).digest('hex')}.csv`,
    );

    const agrn = await get('/v1/declarations/agrn/9008?as_at=2026-01-01');
    expect(agrn.status).toBe(200);

    // The file now answers an HTML error page: nothing is published, the records stay served.
    upstream.script(CSV_PATH, [{ kind: 'html-error' }]);
    await h.client.workflow.getHandle(workflowId).signal(refreshDeclarationsSignal);
    const second = await afterRefresh(2);
    expect(sourceOf(second, 'nema_drfa_activations')).toMatchObject({
      status: 'degraded',
      lastOutcome: 'failed',
      lastErrorKind: 'bad-body',
      consecutiveFailures: 1,
      records: drfa.records,
      contentSha256: drfa.contentSha256,
    });
    expect(sourceOf(second, 'nsw_disaster_declarations')).toMatchObject({
      status: 'healthy',
      lastOutcome: 'unchanged',
    });
    expect(await served()).toEqual(good);
    expect((await get('/v1/declarations/agrn/9008?as_at=2026-01-01')).status).toBe(200);

    // The health is the API's too, from the refresher's memo.
    await observeMemo(board, workflowId, (carried: DeclarationRefreshHealth) => carried.refreshes >= 2);
    const sources = (await (await get('/v1/declarations/sources')).json()) as {
      refresher: { status: string; refreshes: number };
      sources: {
        source: string;
        served: { records: number };
        refresh: { lastError: { kind: string } | null };
      }[];
    };
    expect(sources.refresher).toMatchObject({ status: 'degraded', refreshes: 2 });
    const drfaSource = sources.sources.find((s) => s.source === 'nema_drfa_activations');
    expect(drfaSource).toMatchObject({
      served: { records: drfa.records },
      refresh: { lastError: { kind: 'bad-body' } },
    });
  });

  it('a much smaller file is held back by the guard; the schedule’s workflow wakes the refresher; good data comes back unchanged', async () => {
    const lines = goodCsv.trimEnd().split('\n');
    upstream.script(CSV_PATH, [
      { kind: 'document', body: `${lines.slice(0, 3).join('\n')}\n`, contentType: 'text/csv' },
    ]);
    await h.client.workflow.getHandle(workflowId).signal(refreshDeclarationsSignal);
    const guarded = sourceOf(await afterRefresh(3), 'nema_drfa_activations');
    expect(guarded).toMatchObject({
      status: 'degraded',
      lastOutcome: 'guarded',
      lastErrorKind: 'retraction-guard',
    });
    expect(guarded.consecutiveFailures).toBe(2);
    const before = await served();

    upstream.script(CSV_PATH, [{ kind: 'document', body: goodCsv, contentType: 'text/csv' }]);
    await h.client.workflow.execute('requestDeclarationRefresh', {
      workflowId: `${workflowId}-schedule`,
      taskQueue: h.settings.INGEST_TASK_QUEUE,
      args: [{ refresherWorkflowId: workflowId }],
    });
    const recovered = sourceOf(await afterRefresh(4), 'nema_drfa_activations');
    expect(recovered).toMatchObject({
      status: 'healthy',
      lastOutcome: 'unchanged',
      consecutiveFailures: 0,
      errorCount: 2,
    });
    expect(await served()).toEqual(before);
  });
});
