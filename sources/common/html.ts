/** Text out of the HTML fragments agencies put in descriptions. */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  deg: '°',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
};

/** Decodes numeric and the common named character references; unknown ones stay as they are. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const codePoint = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

const HREF = /<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1/gi;

/** The targets of a fragment's links (`<a href="…">`), entities decoded and trimmed, in order. */
export function hrefsIn(html: string): string[] {
  return [...html.matchAll(HREF)].map(([, , href = '']) => decodeEntities(href).trim());
}

/** The first link's target; undefined when there is none (or it is blank). */
export function firstHref(html: string): string | undefined {
  return hrefsIn(html)[0] || undefined;
}

/** Tags removed, entities decoded, white space folded. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Tags that end a line of text when an HTML fragment is read as plain text. */
const BLOCK_BOUNDARY = /<br\s*\/?>|<\/?(?:div|p|li|ul|ol|h[1-6]|tr|table|blockquote)\b[^>]*>/gi;

/**
 * Plain text out of an HTML fragment, one line per block (`<div>`, `<p>`, `<li>`, `<br>`…), so that
 * list items and paragraphs do not run together the way `plainText` joins them. Entities are decoded
 * (`&nbsp;`, `&quot;`…), white space is folded within a line and empty lines are dropped.
 */
export function htmlToPlainLines(html: string): string {
  return html
    .split(BLOCK_BOUNDARY)
    .map((fragment) => plainText(fragment))
    .filter((line) => line !== '')
    .join('\n');
}

/** Where the lines of a `Key: value<br />` description end: a `<br>` in any form, or a newline. */
const KEYED_LINE_BREAK = /<br\s*\/?>|\r?\n/i;

export interface KeyedLines<K extends string> {
  /** The value of each known key's first line, as plain text. */
  fields: Partial<Record<K, string>>;
  /** Every line that starts with a known key, in order, its value as written (HTML). */
  entries: { key: K; value: string }[];
  /** The other lines, trimmed, as written (HTML), in order. */
  others: string[];
  /** Every non-empty line as plain text, joined by "\n". */
  text: string;
}

const keyLines = new Map<string, RegExp>();

function keyLineOf(keys: readonly string[]): RegExp {
  const alternatives = keys.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  let pattern = keyLines.get(alternatives);
  if (!pattern) {
    pattern = new RegExp(`^(${alternatives})\\s*:(.*)$`, 'i');
    keyLines.set(alternatives, pattern);
  }
  return pattern;
}

/**
 * A description written as `Key: value` lines joined by `<br />` or newlines (the ACT ESA, NSW RFS and
 * TAS TFS GeoRSS feeds), read by known keys only, in any case: values such as times hold colons, so
 * nothing is split on ':'. Keys come back spelt as in `keys`.
 */
export function readKeyedLines<K extends string>(html: string, keys: readonly K[]): KeyedLines<K> {
  const keyLine = keyLineOf(keys);
  const canonical = new Map(keys.map((key) => [key.toLowerCase(), key]));
  const result: KeyedLines<K> = { fields: {}, entries: [], others: [], text: '' };
  const lines: string[] = [];
  for (const rawLine of html.split(KEYED_LINE_BREAK)) {
    const line = rawLine.trim();
    const text = plainText(line);
    if (text) lines.push(text);
    const keyed = keyLine.exec(line);
    const key = canonical.get(keyed?.[1]?.toLowerCase() ?? '');
    if (key === undefined) {
      result.others.push(line);
      continue;
    }
    const value = keyed?.[2] ?? '';
    result.entries.push({ key, value });
    result.fields[key] ??= plainText(value);
  }
  result.text = lines.join('\n');
  return result;
}
