/* global EventSource */
/**
 * The map's live updates from the change stream (GET /v1/stream). EventSource cannot send the key, so
 * each connection opens with a short-lived stream token (POST /v1/stream/tokens with the page's key):
 * the key never goes in a URL. A stream that ends (a reconnect after its token expired, a restart) is
 * opened again with a fresh token from the last event's id, so no change is missed in between.
 */
import { metaContent } from './map-data.js';

/** The change types the stream sends, as the service lists them in the page (one list, the service's). */
function changeTypes() {
  return metaContent('eids-change-types').split(',').filter(Boolean);
}

const REOPEN_MS = 3000;

export class ChangeStream {
  /**
   * @param {import('./map-data.js').ApiReader} api the reader holding the page's key (it may be replaced)
   * @param {{ change(type: string, document: object): void, ready(): void, reset(): void, down(reason: string): void }} on
   */
  constructor(api, on) {
    this.api = api;
    this.on = on;
    this.lastId = undefined;
    this.source = undefined;
  }

  /** Opens the stream; rejects when the service offers none (the caller keeps polling). */
  async open() {
    const response = await this.api.send('/v1/stream/tokens', { method: 'POST' });
    if (!response.ok) throw new Error(`no stream token (HTTP ${response.status})`);
    const { stream } = await response.json();
    const url = this.lastId ? `${stream}&lastEventId=${encodeURIComponent(this.lastId)}` : stream;
    const source = new EventSource(url);
    this.source = source;
    const seen = (event) => {
      if (event.lastEventId) this.lastId = event.lastEventId;
    };
    for (const type of changeTypes()) {
      source.addEventListener(type, (event) => {
        seen(event);
        this.on.change(type, JSON.parse(event.data));
      });
    }
    source.addEventListener('ready', (event) => {
      seen(event);
      this.on.ready();
    });
    source.addEventListener('reset', (event) => {
      seen(event);
      this.on.reset();
    });
    source.addEventListener('error', () => {
      // EventSource reconnects by itself while it can; a refused reconnect (the token expired) closes it.
      if (source.readyState !== EventSource.CLOSED || this.source !== source) return;
      this.on.down('the change stream closed');
      setTimeout(() => this.reopen(), REOPEN_MS);
    });
  }

  reopen() {
    this.open().catch((error) => {
      this.on.down(error.message);
      setTimeout(() => this.reopen(), REOPEN_MS * 10);
    });
  }
}
