export { parseDrfaActivationsCsv, type DrfaParseOptions } from './nema-drfa-activations.js';
export { parseNswRegisterPage, parseNswRegisterRows } from './nsw-register.js';
export type { NswRegisterOptions } from './nsw-records.js';
export { parseNswDeclarationLines, parseNswDeclarationPage } from './nsw-declaration-page.js';
export { htmlLines, htmlTables, type TableRow } from './html-text.js';
export { lgaNameMatcher, normaliseLgaName, type LgaNameMatcher } from './lga-names.js';
export { foldHazards, foldHazardList } from './disaster-types.js';
export { startDateInName } from './disaster-dates.js';
export { ckanCsvResourceUrl, isCkanPackage } from './ckan-package.js';
