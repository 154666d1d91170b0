import { FEED_CATALOGUE, parseSettings } from '../../config/index.js';
import { capIssuerFromSettings } from '../../exports/cap/issuer.js';

/** The CAP issuer a default configuration builds, for apps under test. */
export const TEST_CAP_ISSUER = capIssuerFromSettings(parseSettings({}), FEED_CATALOGUE);
