import type { AppDeps } from '../types.js';
import type { GaugeCatalogue } from './catalogue.js';

/** What the gauge routes use: the app's deps they need and the gauge catalogue built over the store. */
export type GaugeDeps = Pick<AppDeps, 'store' | 'cursors' | 'now' | 'gaugeHealth'> & {
  catalogue: GaugeCatalogue;
};
