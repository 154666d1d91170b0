export * from './generate.js';
export { generatedLgaNames, generatedPlacesLocator } from './places.js';
