import { html, type Html } from './html.js';

/** Where the pages' own files are served (api/pages/assets.ts). */
export const STATUS_ASSETS = '/status/assets';
export const MAP_ASSETS = '/map/assets';

/**
 * Only this service's own files run or load: no CDN. MapLibre starts its worker from a blob URL and
 * draws into canvases; the favicon is an empty data URL (no request, no 404 in the console).
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  'worker-src blob:',
  'child-src blob:',
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export function pageShell(page: {
  title: string;
  current: 'status' | 'map';
  body: Html;
  script: string;
  /** Runs as soon as it arrives, before deferred scripts (the map starts reading its data at once). */
  asyncScript?: boolean;
  head?: Html;
}): string {
  const nav = (href: string, name: 'status' | 'map', text: string) =>
    page.current === name
      ? html`<a href="${href}" aria-current="page">${text}</a>`
      : html`<a href="${href}">${text}</a>`;
  return `<!doctype html>\n${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${page.title} · Emergency Incident Data Service</title>
      <link rel="icon" href="data:," />
      <link rel="stylesheet" href="${STATUS_ASSETS}/pages.css" />
      ${page.head ?? ''}
      ${
        page.asyncScript
          ? html`<script type="module" src="${page.script}" async></script>`
          : html`<script type="module" src="${page.script}"></script>`
      }
    </head>
    <body class="${page.current}">
      <a class="skip" href="#main">Skip to content</a>
      <header>
        <span class="brand">Emergency Incident Data Service</span>
        <nav aria-label="Pages">
          ${nav('/status', 'status', 'Status')} ${nav('/map', 'map', 'Map')} <a href="/v1/docs">API</a>
        </nav>
      </header>
      ${page.body}
    </body>
  </html>`.text.replace(/\n\s+/g, '\n')}\n`;
}
