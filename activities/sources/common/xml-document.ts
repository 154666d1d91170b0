import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MalformedFeedError } from './errors.js';

/**
 * Reading an upstream XML document (RSS, GeoRSS, Atom, CAP): bytes in, a plain object tree out.
 * Text stays text (no number coercion: ids such as "0012" and coordinates are read by the caller),
 * attributes are dropped, prefixes are kept as written (`geo:lat`, `georss:polygon`), and CDATA
 * sections are kept apart from plain text under {@link CDATA}; {@link xmlText} joins them back.
 */

export const CDATA = '#cdata';
const TEXT = '#text';

export interface XmlReadOptions {
  /** Feed name used in error messages, e.g. `WA DFES message.rss`. */
  feed: string;
  /** The expected root element, e.g. `rss`. Anything else (an HTML error page…) is malformed. */
  root: string;
  /** Dotted element paths that are always arrays, e.g. `rss.channel.item`. */
  arrayPaths?: readonly string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The content of the root element. Throws MalformedFeedError on an empty body, a body that is not
 * well-formed XML (truncated, HTML served with 200) or whose root is not `options.root`.
 * A UTF-8 BOM and leading white space are accepted.
 */
export function readXmlDocument(body: Uint8Array, options: XmlReadOptions): Record<string, unknown> {
  const { feed, root } = options;
  const text = new TextDecoder('utf-8').decode(body).trimStart();
  if (text === '') throw new MalformedFeedError(`${feed}: empty body`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new MalformedFeedError(`${feed}: not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  }
  const arrayPaths = new Set(options.arrayPaths ?? []);
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    cdataPropName: CDATA,
    isArray: (_name, jpath) => arrayPaths.has(String(jpath)),
  });
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch (error) {
    throw new MalformedFeedError(
      `${feed}: unreadable XML (${error instanceof Error ? error.message : 'parse error'})`,
    );
  }
  const content = isRecord(document) ? document[root] : undefined;
  if (content === undefined) {
    const found = isRecord(document) ? Object.keys(document).filter((key) => !key.startsWith('?')) : [];
    throw new MalformedFeedError(
      `${feed}: expected a <${root}> document, got <${found.join('>, <') || '?'}>`,
    );
  }
  // `<rss/>` or `<rss></rss>` parse to '': an empty root element.
  return isRecord(content) ? content : {};
}

/** The text of an element: plain text and CDATA sections joined in document order, '' when absent. */
export function xmlText(node: unknown): string {
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return node.map(xmlText).join('');
  if (!isRecord(node)) return '';
  return xmlText(node[TEXT]) + xmlText(node[CDATA]);
}

/** The element, or every element of that name, as a list (absent → []). */
export function xmlList(node: unknown): unknown[] {
  if (node === undefined || node === null) return [];
  return Array.isArray(node) ? node : [node];
}
