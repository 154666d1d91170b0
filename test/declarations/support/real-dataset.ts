import { buildDeclarationDataset, type DeclarationDataset } from '../../../declarations/index.js';
import type { Geography } from '../../../geo/index.js';
import { parseNswRegisterRows } from '../../../sources/declarations/index.js';
import { realGeography } from '../../geo/support/real-geography.js';
import { storedNswPages } from './nsw-register-markdown.js';
import { realDrfaActivations } from './real-declarations.js';

let loading: Promise<{ geography: Geography; dataset: DeclarationDataset }> | undefined;

/**
 * The real geography with every real declaration record: the NEMA DRFA activations and the NSW
 * register rows of the stored pages (excerpts: the FY 2021-22 table stops inside AGRN 1012's list).
 */
export function realDataset(): Promise<{ geography: Geography; dataset: DeclarationDataset }> {
  loading ??= realGeography().then((geography) => {
    const lgas = [...geography.index.lgas.values()];
    const nsw = storedNswPages()
      .filter((page) => page.table.length > 0)
      .flatMap((page) => parseNswRegisterRows(page.table, { sourceUrl: page.url, lgas }).records);
    const dataset = buildDeclarationDataset({
      records: [...realDrfaActivations().records, ...nsw],
      lgas: geography.index.lgas,
      localities: geography.directory,
    });
    return { geography, dataset };
  });
  return loading;
}
