import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { launchChromium, mapRendered, pageErrors } from '../replay/browser.js';
import { DEFAULT_DATA_DIR, DEMO_DATA_DIR } from '../config/index.js';
import { PROJECT_ROOT } from '../runtime/paths.js';
import { runningServiceOver } from '../runtime/service-file.js';

/**
 * `npm run screenshots [-- --url http://127.0.0.1:8080] [--out docs]`: the status page and the map of
 * a running service (by default the demo: start `npm run demo` first, and wait a minute for its
 * feeds), as docs/status-page.png and docs/map.png, in the headless Chromium the browser tests use.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    out: { type: 'string', default: join(PROJECT_ROOT, 'docs') },
  },
});

async function serviceUrl(): Promise<string> {
  if (values.url) return values.url;
  for (const dataDir of [DEMO_DATA_DIR, DEFAULT_DATA_DIR]) {
    const running = await runningServiceOver(join(PROJECT_ROOT, dataDir));
    if (running?.apiUrl) return running.apiUrl;
  }
  throw new Error(
    'No running service found (data/demo/service.json, data/service.json): start npm run demo, or pass --url.',
  );
}

try {
  const base = await serviceUrl();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const errors = pageErrors(page);
    await page.goto(`${base}/status`);
    await page.screenshot({ path: join(values.out, 'status-page.png') });
    await page.goto(`${base}/map`);
    await mapRendered(page);
    // Let the list and the attribution settle, then show one incident's details as a click would.
    await page.locator('#list-body button[data-kind="incident"]').first().click();
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
    );
    await page.screenshot({ path: join(values.out, 'map.png') });
    if (errors.length > 0) throw new Error(`the pages logged errors: ${errors.join('; ')}`);
    console.log(
      `wrote ${join(values.out, 'status-page.png')} and ${join(values.out, 'map.png')} from ${base}`,
    );
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
