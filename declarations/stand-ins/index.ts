export {
  generateDrfaActivationsCsv,
  type DrfaStandInOptions,
  type StandInActivation,
} from './drfa-activations-csv.js';
export {
  nswDeclarationPageHtml,
  nswRegisterPageHtml,
  type StandInNswDeclaration,
} from './nsw-register-html.js';
export { standInDeclarationFiles, STAND_IN_FILE_NAMES } from './stand-in-files.js';
