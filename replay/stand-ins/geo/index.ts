export {
  generateLgaGrid,
  type ExtraLga,
  type LgaGrid,
  type LgaGridOptions,
  type StandInLga,
} from './lga-grid.js';
export { generateLocalityTables, type StandInLocalityTables } from './locality-tables.js';
export { madeUpName } from './made-up-name.js';
