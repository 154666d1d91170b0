import { DECLARATION_SOURCES, type DeclarationRecord, type LgaRef } from '../../model/index.js';
import type { LgaNameMatcher } from './lga-names.js';

/**
 * What the NSW register's rows and a declaration's own page (nsw-register.ts, nsw-declaration-page.ts)
 * read alike: the LGAs of a list, and a record for each AGRN and LGA.
 */
const SOURCE = 'nsw_disaster_declarations';

export interface NswRegisterOptions {
  /** The page the rows came from: every record links to it. */
  sourceUrl: string;
  /** ABS LGA names and codes (the boundary version's), to read LGA names against. */
  lgas: readonly LgaRef[];
}

/** What one register row or declaration page says of its AGRN, the same for each of its LGAs. */
export interface NswDeclaration extends Pick<
  DeclarationRecord,
  'eventName' | 'disasterTypes' | 'hazards' | 'startDate' | 'assistance' | 'sourceUrl'
> {
  /** The AGRN's digits as written: the record id keeps them so. */
  agrn: string;
}

/** The declaration's record for one of its LGAs: a state declaration, with no end date and no DRFA detail. */
export function nswLgaRecord(declaration: NswDeclaration, lga: LgaRef): DeclarationRecord {
  return {
    id: `${SOURCE}:${declaration.agrn}:lga:${lga.code}`,
    source: SOURCE,
    instrumentType: DECLARATION_SOURCES[SOURCE].instrumentType,
    jurisdiction: 'nsw',
    agrn: Number(declaration.agrn),
    eventName: declaration.eventName,
    disasterTypes: declaration.disasterTypes,
    hazards: declaration.hazards,
    area: { type: 'lga', code: lga.code, name: lga.name },
    startDate: declaration.startDate,
    endDate: null,
    drfa: null,
    assistance: declaration.assistance,
    sourceUrl: declaration.sourceUrl,
  };
}

/**
 * The LGAs named by lines of text (a register cell, a line of a page's list): names one per line or
 * separated by commas, or run together with spaces; each LGA once, and the words matching none.
 */
export function lgasInLines(
  lines: readonly string[],
  matcher: LgaNameMatcher,
): { lgas: LgaRef[]; unmatched: string[] } {
  const lgas: LgaRef[] = [];
  const unmatched: string[] = [];
  for (const line of lines.flatMap((line) => line.split(/\s*[,;]\s*/)).filter(Boolean)) {
    const whole = matcher.match(line);
    const { lgas: found, unmatched: rest } = whole ? { lgas: [whole], unmatched: [] } : matcher.split(line);
    for (const lga of found) if (!lgas.includes(lga)) lgas.push(lga);
    unmatched.push(...rest);
  }
  return { lgas, unmatched };
}
