import { MalformedFeedError } from './errors.js';
import { plainText } from './html.js';
import { isRecord } from './values.js';

/**
 * The text of a feed body, checked for the failures every format shares: UTF-8 with the BOM and any
 * leading white space removed (U+FFFD and other replacement characters are kept as they are). An empty
 * body, or an HTML page where a document was expected (agencies' servers and CDNs answer errors with
 * 200 and a page), throws MalformedFeedError naming the feed. JSON and GeoJSON bodies are read on top.
 */

const HTML_PAGE = /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html|<html\b)/i;
const HTML_TITLE = /<title[^>]*>([\s\S]*?)<\/title>/i;

/** True when the text is an HTML page (optionally after an XML declaration or comments). */
export function isHtmlPage(text: string): boolean {
  return HTML_PAGE.test(text);
}

/** The page's title as plain text, or its first characters, for error messages. */
function pageSummary(text: string): string {
  const title = HTML_TITLE.exec(text)?.[1];
  return JSON.stringify(title !== undefined ? plainText(title) : text.slice(0, 80));
}

export function bodyText(body: Uint8Array | string, feedName: string): string {
  // TextDecoder drops a UTF-8 BOM; trimStart drops leading white space (and any further U+FEFF).
  const text = (typeof body === 'string' ? body : new TextDecoder('utf-8').decode(body)).trimStart();
  if (text === '') throw new MalformedFeedError(`${feedName}: empty body`);
  if (isHtmlPage(text)) throw new MalformedFeedError(`${feedName}: got an HTML page ${pageSummary(text)}`);
  return text;
}

/** A JSON document, or MalformedFeedError (empty, HTML page, XML, truncated or invalid JSON). */
export function readJsonBody(body: Uint8Array | string, feedName: string): unknown {
  const text = bodyText(body, feedName);
  if (text.startsWith('<')) {
    throw new MalformedFeedError(
      `${feedName}: got XML/HTML instead of JSON: ${JSON.stringify(text.slice(0, 80))}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new MalformedFeedError(
      `${feedName}: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`,
    );
  }
}

/** The features of a GeoJSON FeatureCollection already read, or MalformedFeedError naming the feed. */
export function featuresOf(document: unknown, feedName: string): unknown[] {
  const record = isRecord(document) ? document : undefined;
  if (record?.type !== 'FeatureCollection' || !Array.isArray(record.features)) {
    throw new MalformedFeedError(`${feedName}: not a GeoJSON FeatureCollection with a features array`);
  }
  return record.features as unknown[];
}

/** A feature's `properties` ({} when it has none) and `geometry` (undefined when it has none). */
export function featureParts(feature: unknown): { properties: Record<string, unknown>; geometry: unknown } {
  if (!isRecord(feature)) return { properties: {}, geometry: undefined };
  return { properties: isRecord(feature.properties) ? feature.properties : {}, geometry: feature.geometry };
}

/** The features of a GeoJSON FeatureCollection body: {@link readJsonBody}, then {@link featuresOf}. */
export function readFeatureCollection(body: Uint8Array | string, feedName: string): unknown[] {
  return featuresOf(readJsonBody(body, feedName), feedName);
}
