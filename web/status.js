/* global document, location, DOMParser, HTMLAnchorElement */
/**
 * Keeps the status page current: fetches the page again (a 304 while nothing changed) and swaps its
 * main part in. The page is complete without this script.
 */
const seconds = Number(document.querySelector('meta[name="eids-refresh-seconds"]')?.getAttribute('content'));
const refreshMs = Math.max(2, Number.isFinite(seconds) ? seconds : 30) * 1000;
let etag;

async function refresh() {
  if (document.visibilityState !== 'visible') return;
  const response = await fetch(location.pathname, {
    headers: { accept: 'text/html', ...(etag ? { 'if-none-match': etag } : {}) },
    cache: 'no-store',
  });
  if (response.status === 304 || !response.ok) return;
  etag = response.headers.get('etag') ?? undefined;
  const next = new DOMParser().parseFromString(await response.text(), 'text/html');
  const fresh = next.getElementById('main');
  const current = document.getElementById('main');
  if (!fresh || !current) return;
  // Keep the reader's place: the element in focus is found again by its id or link.
  const focused =
    document.activeElement instanceof HTMLAnchorElement ? document.activeElement.href : undefined;
  current.replaceWith(fresh);
  document.title = next.title;
  if (focused) [...fresh.querySelectorAll('a')].find((a) => a.href === focused)?.focus();
}

function loop() {
  setTimeout(() => {
    refresh()
      .catch(() => undefined)
      .finally(loop);
  }, refreshMs);
}
loop();
document.addEventListener('visibilitychange', () => void refresh().catch(() => undefined));
