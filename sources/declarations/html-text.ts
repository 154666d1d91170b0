import { decodeEntities } from '../common/html.js';

/**
 * Just enough HTML reading for register pages: table cells and page text as lines. Page markup is
 * not assumed to be well-formed XML (public CMS pages are not), so this works on tags as text:
 * block-level tags and `<br>` end a line, other tags are dropped, entities are decoded.
 */

const LINE_BREAK =
  /<br\s*\/?>|<\/?(?:p|li|ul|ol|div|h[1-6]|tr|table|section|article|header|footer)\b[^>]*>/gi;

/** Markup → trimmed, non-empty lines of text. */
export function htmlLines(html: string): string[] {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, '')
      .replace(LINE_BREAK, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** A table row: its 1-based position in the table and each cell's lines. */
export interface TableRow {
  line: number;
  cells: string[][];
}

/** Every `<table>` of a page, row by row (`<th>` and `<td>` alike). Nested tables are not expected. */
export function htmlTables(html: string): TableRow[][] {
  const tables = html.match(/<table\b[\s\S]*?<\/table>/gi) ?? [];
  return tables.map((table) =>
    (table.match(/<tr\b[\s\S]*?<\/tr>/gi) ?? []).map((row, index) => ({
      line: index + 1,
      cells: [...row.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/gi)].map((cell) => htmlLines(cell[1] ?? '')),
    })),
  );
}
