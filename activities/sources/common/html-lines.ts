import { plainText } from './html.js';

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
