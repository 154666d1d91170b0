import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { bodyText } from './body-text.js';
import { MalformedFeedError } from './errors.js';

/**
 * Reading upstream XML documents (RSS/GeoRSS, Atom, KML, CAP, EDXL-DE) into plain objects, with the
 * checks every feed needs: a UTF-8 BOM and leading blank lines are skipped; an empty body, an HTML page,
 * a body that is not well-formed XML (truncated) or whose root is not one of the expected elements is a
 * MalformedFeedError naming the feed.
 *
 * The tree: namespace prefixes removed (`georss:point`, `cap:alert` read as `point`, `alert`);
 * attributes kept under `@_<name>` (read them with {@link attributeOf}); every value stays a string
 * (ids such as "0012" and coordinates are the caller's to read); text trimmed; character references
 * decoded once (an escaped `&lt;br&gt;` arrives as `<br>`); CDATA merged into the text as written.
 * An element with attributes or children keeps its text under `#text` ({@link textOf} reads both).
 *
 * Options serve the parsers written against another reading of the same documents (WA DFES, ACT ESA
 * RSS): prefixes kept as written (`geo:lat`), attributes dropped, CDATA kept apart under `#cdata`
 * ({@link joinedTextOf} joins it back), and only XML's own entities decoded.
 */

export type XmlNode = Record<string, unknown>;

export interface ReadXmlOptions {
  /** Names of elements that may repeat (as the tree names them): always arrays, even when they occur once. */
  arrayTags?: readonly string[];
  /** Element names keep their namespace prefix as written (`geo:lat`, `georss:polygon`). Default false. */
  keepPrefixes?: boolean;
  /** Attributes are dropped: an element holding only text (and attributes) reads as its text. Default false. */
  ignoreAttributes?: boolean;
  /** CDATA sections are kept apart from plain text under `#cdata` instead of merged. Default false. */
  separateCdata?: boolean;
  /**
   * Only XML's predefined entities (`&lt;` `&gt;` `&amp;` `&quot;` `&apos;`) are decoded; numeric and HTML
   * character references (`&#39;`, `&nbsp;`) stay as written. Default false.
   */
  xmlEntitiesOnly?: boolean;
}

export interface XmlDocument {
  /** Name of the root element: its local name (as written with `keepPrefixes`). */
  rootName: string;
  /** The root element's content; `{}` for an empty root. */
  root: XmlNode;
}

const ATTRIBUTE_PREFIX = '@_';
const TEXT = '#text';
const CDATA = '#cdata';

export function isXmlNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An element that may repeat, as a list (absent → []). */
export function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? (value as unknown[]) : [value];
}

/**
 * The text of an element: the string itself, or the `#text` of an element that has attributes or
 * children; for a repeated element, the first one's. Undefined when the element holds no text.
 * CDATA kept apart (`separateCdata`) is not read here: use {@link joinedTextOf}.
 */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return textOf((value as unknown[])[0]);
  if (isXmlNode(value)) return textOf(value[TEXT]);
  return undefined;
}

/** An element's text, trimmed; undefined when it holds none, or only white space. */
export function trimmedTextOf(value: unknown): string | undefined {
  return textOf(value)?.trim() || undefined;
}

/**
 * All the text of an element, or of every element of a repeated one, joined: its plain text, then its
 * CDATA sections when they were kept apart (`separateCdata`). '' when it holds none.
 */
export function joinedTextOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return (value as unknown[]).map(joinedTextOf).join('');
  if (!isXmlNode(value)) return '';
  return joinedTextOf(value[TEXT]) + joinedTextOf(value[CDATA]);
}

/** An attribute of an element (by local name), or undefined. */
export function attributeOf(node: unknown, name: string): string | undefined {
  if (!isXmlNode(node)) return undefined;
  const value = node[`${ATTRIBUTE_PREFIX}${name}`];
  return typeof value === 'string' ? value : undefined;
}

const parsers = new Map<string, XMLParser>();

function parserFor(options: ReadXmlOptions): XMLParser {
  const arrayTags = options.arrayTags ?? [];
  const keepPrefixes = options.keepPrefixes ?? false;
  const ignoreAttributes = options.ignoreAttributes ?? false;
  const separateCdata = options.separateCdata ?? false;
  const xmlEntitiesOnly = options.xmlEntitiesOnly ?? false;
  const key = JSON.stringify([arrayTags, keepPrefixes, ignoreAttributes, separateCdata, xmlEntitiesOnly]);
  let parser = parsers.get(key);
  if (!parser) {
    const repeated = new Set(arrayTags);
    parser = new XMLParser({
      removeNSPrefix: !keepPrefixes,
      ignoreAttributes,
      attributeNamePrefix: ATTRIBUTE_PREFIX,
      ignoreDeclaration: true,
      ignorePiTags: true,
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: true,
      // Numeric character references (and the common HTML names some feeds use) are decoded once.
      htmlEntities: !xmlEntitiesOnly,
      ...(separateCdata ? { cdataPropName: CDATA } : {}),
      isArray: (tagName, _path, _isLeaf, isAttribute) => !isAttribute && repeated.has(tagName),
    });
    parsers.set(key, parser);
  }
  return parser;
}

/**
 * Reads a document whose root must be one of `roots` (as the tree names it, e.g. `['rss']`).
 * Throws MalformedFeedError (naming `feedName`) when the body is not such a document.
 */
export function readXml(
  body: Uint8Array | string,
  feedName: string,
  roots: readonly string[],
  options: ReadXmlOptions = {},
): XmlDocument {
  // BOM and leading blank lines dropped; empty bodies and HTML pages rejected.
  const text = bodyText(body, feedName);
  if (!text.startsWith('<')) {
    throw new MalformedFeedError(`${feedName}: not XML: ${JSON.stringify(text.slice(0, 80))}`);
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new MalformedFeedError(
      `${feedName}: not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`,
    );
  }
  let parsed: unknown;
  try {
    parsed = parserFor(options).parse(text);
  } catch (error) {
    throw new MalformedFeedError(
      `${feedName}: unreadable XML (${error instanceof Error ? error.message : 'parse error'})`,
    );
  }
  const names = isXmlNode(parsed) ? Object.keys(parsed).filter((name) => !/^[?#]/.test(name)) : [];
  const [rootName] = names;
  if (names.length !== 1 || rootName === undefined) {
    throw new MalformedFeedError(`${feedName}: expected one root element, found ${names.length}`);
  }
  if (rootName.toLowerCase() === 'html') throw new MalformedFeedError(`${feedName}: got an HTML page`);
  if (!roots.includes(rootName)) {
    throw new MalformedFeedError(
      `${feedName}: expected a <${roots.join('> or <')}> document, got <${rootName}>`,
    );
  }
  const [content] = asList((parsed as XmlNode)[rootName]);
  return { rootName, root: isXmlNode(content) ? content : {} };
}
