export {
  generateDrfaActivationsCsv,
  type DrfaStandInOptions,
  type PinnedActivation,
  type StandInActivation,
} from './drfa-activations-csv.js';
export {
  nswDeclarationPageHtml,
  nswRegisterPageHtml,
  type StandInNswDeclaration,
} from './nsw-register-html.js';
export { STAND_IN_BOUNDARIES_NOTE, standInDeclarationFiles, STAND_IN_FILE_NAMES } from './stand-in-files.js';
export { README_EXAMPLE_LGA, README_EXAMPLES } from './readme-examples.js';
