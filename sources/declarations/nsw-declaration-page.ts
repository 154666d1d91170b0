import type { DeclarationParseResult, LgaRef, RejectedRow } from '../../model/index.js';
import { startDateInName } from './disaster-dates.js';
import { foldHazards } from './disaster-types.js';
import { htmlLines } from './html-text.js';
import { lgaNameMatcher } from './lga-names.js';
import { lgasInLines, nswLgaRecord, type NswRegisterOptions } from './nsw-records.js';

/**
 * A NSW declaration's own page (…/natural-disaster-declarations/fy-2024-25/storms-from-15-january-2025-onwards):
 * a heading with the disaster's name and start date, a sentence naming the AGRN (sometimes misspelt
 * `ARGN`), then "The following local government areas are included …" and the LGAs, one per line.
 * The list ends at the first line naming no LGA.
 */
const AGRN = /\bA[GR]{2}N\s*(\d{1,6})\b/i;
const LIST_INTRO = /following local government areas/i;

/** The page's text lines (heading first) → records for its AGRN. */
export function parseNswDeclarationLines(
  lines: readonly string[],
  options: NswRegisterOptions,
): DeclarationParseResult {
  const matcher = lgaNameMatcher(options.lgas, 'nsw');
  const rejected: RejectedRow[] = [];
  const agrnLine = lines.findIndex((line) => AGRN.test(line));
  const agrn = agrnLine >= 0 ? AGRN.exec(lines[agrnLine] ?? '')?.[1] : undefined;
  const title = lines[0] ?? '';
  const startDate =
    startDateInName(title) ?? (agrnLine >= 0 ? startDateInName(lines[agrnLine] ?? '') : undefined);
  const listStart = lines.findIndex((line) => LIST_INTRO.test(line));
  if (!agrn || !startDate || listStart < 0) {
    const missing = [!agrn && 'an AGRN', !startDate && 'a start date', listStart < 0 && 'an LGA list'].filter(
      Boolean,
    );
    rejected.push({ line: 1, reason: `page has no ${missing.join(', ')}`, text: title.slice(0, 200) });
    return { records: [], rejected, unmappedHazards: [] };
  }
  const lgas: LgaRef[] = [];
  for (let at = listStart + 1; at < lines.length; at += 1) {
    const { lgas: found, unmatched } = lgasInLines([lines[at] ?? ''], matcher);
    if (found.length === 0) break;
    for (const lga of found) if (!lgas.includes(lga)) lgas.push(lga);
    for (const words of unmatched) {
      rejected.push({
        line: at + 1,
        reason: `LGA name "${words}" matches no NSW LGA`,
        text: (lines[at] ?? '').slice(0, 200),
      });
    }
  }
  if (lgas.length === 0)
    rejected.push({ line: listStart + 2, reason: 'the LGA list names no NSW LGA', text: '' });
  const folded = foldHazards(title);
  const declaration = {
    agrn,
    eventName: title,
    disasterTypes: folded.types,
    hazards: [],
    startDate,
    assistance: null,
    sourceUrl: options.sourceUrl,
  };
  const records = lgas.map((lga) => nswLgaRecord(declaration, lga));
  return { records, rejected, unmappedHazards: folded.types.length === 0 ? [title] : [] };
}

/** The page's HTML: its `<h1>` is the heading, then the text of the page from there on. */
export function parseNswDeclarationPage(html: string, options: NswRegisterOptions): DeclarationParseResult {
  const heading = /<h1\b[\s\S]*?<\/h1>/i.exec(html);
  const fromHeading = heading ? html.slice(heading.index) : html;
  return parseNswDeclarationLines(htmlLines(fromHeading), options);
}
