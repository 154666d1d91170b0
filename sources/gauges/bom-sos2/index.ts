export { SOS2_FORMAT, sosTree, type XmlTree } from './xml-tree.js';
export { parseSosObservation, sosObservationsOf, type SosObservation } from './observation.js';
export {
  parseSosFeatures,
  sosFeaturesOf,
  parseSosAvailability,
  sosAvailabilityOf,
  type SosFeature,
  type SosAvailability,
} from './features.js';
