import { readFileSync } from 'node:fs';
import type { TableRow } from '../../../sources/declarations/index.js';
import { requireSharedFolder } from '../../../replay/shared-samples.js';

/**
 * The stored text of the NSW register pages (../shared, markdown): one section per page, headed by its
 * address, holding the page's table as a markdown table or its text as lines. Table rows keep
 * their line in the file, so rejections can be checked against it.
 */
export interface StoredNswPage {
  url: string;
  table: TableRow[];
  /** The page's text lines outside the table, as stored (long lists are wrapped). */
  lines: string[];
}

export function storedNswPages(): StoredNswPage[] {
  const path = `${requireSharedFolder('reference/declarations')}/nsw_natural_disaster_declarations_pages.md`;
  const lines = readFileSync(path, 'utf8').split('\n');
  const pages: StoredNswPage[] = [];
  let page: StoredNswPage | undefined;
  lines.forEach((text, index) => {
    const heading = /^## (https?:\/\/\S+)/.exec(text);
    if (heading?.[1]) {
      page = { url: heading[1], table: [], lines: [] };
      pages.push(page);
      return;
    }
    if (/^## /.test(text)) {
      page = undefined;
      return;
    }
    if (!page) return;
    if (text.startsWith('|')) {
      const cells = text
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      if (cells.every((cell) => /^-+$/.test(cell))) return;
      page.table.push({ line: index + 1, cells: cells.map((cell) => [cell]) });
      return;
    }
    if (text.trim() !== '') page.lines.push(text.trim());
  });
  return pages;
}
