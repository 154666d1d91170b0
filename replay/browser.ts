import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadSettings } from '../config/index.js';

const ON_PATH = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/**
 * The Chromium the browser tests, the map benchmark and the screenshots drive: CHROMIUM_PATH, else the
 * first of the usual names on PATH. Nothing is downloaded; without one this says what to install.
 */
export function chromiumPath(): string {
  const configured = loadSettings().CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH names ${configured}, which does not exist.`);
    return configured;
  }
  for (const name of ON_PATH) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // Not on PATH: try the next name.
    }
  }
  throw new Error(
    `No Chromium found (looked for ${ON_PATH.join(', ')} on PATH): the browser tests need one. Install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH to its executable.`,
  );
}

/**
 * Headless Chromium with software WebGL (SwiftShader): the map draws with WebGL, and test machines
 * have no GPU.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-dev-shm-usage'],
  });
}

/** Console errors and uncaught exceptions of a page, collected from now on. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** What these helpers read in the page (the project's types have no DOM). */
interface PageGlobals {
  document: { documentElement: { dataset: Record<string, string | undefined> } };
  performance: { getEntriesByName(name: string): { startTime: number }[] };
}

/**
 * Waits until the map has drawn its data once (web/map.js marks it), and returns when, in ms since
 * navigation. Functions, not strings: the pages' CSP forbids eval, and string expressions need it.
 */
export async function mapRendered(page: Page, timeoutMs = 60_000): Promise<number> {
  await page.waitForFunction(
    () => (globalThis as unknown as PageGlobals).document.documentElement.dataset.mapRendered === 'true',
    null,
    { timeout: timeoutMs, polling: 50 },
  );
  return page.evaluate(
    () =>
      (globalThis as unknown as PageGlobals).performance.getEntriesByName('eids-map-rendered')[0]
        ?.startTime ?? Number.NaN,
  );
}
