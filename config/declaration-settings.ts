import type { DeclarationSourceId } from '../model/index.js';
import { defaultNswRegisterPages } from './declaration-sources.js';
import type { Settings } from './env.js';

/**
 * Declarations are served, and their sources refreshed, when their geography is configured: without
 * LGA boundaries no lookup can be answered and no NSW page can be read.
 */
export function declarationsEnabled(settings: Pick<Settings, 'DECLARATIONS_BOUNDARIES'>): boolean {
  return settings.DECLARATIONS_BOUNDARIES !== undefined;
}

/** The sources the refresher reads under these settings, each with the documents it fetches. */
export function declarationSourceLocations(
  settings: Pick<Settings, 'DECLARATIONS_DRFA_SOURCE' | 'DECLARATIONS_NSW_PAGES'>,
  now: Date,
): Partial<Record<DeclarationSourceId, string[]>> {
  const nsw = settings.DECLARATIONS_NSW_PAGES ?? defaultNswRegisterPages(now);
  const drfa = settings.DECLARATIONS_DRFA_SOURCE;
  return {
    ...(drfa !== 'none' ? { nema_drfa_activations: [drfa] } : {}),
    ...(nsw.length > 0 ? { nsw_disaster_declarations: nsw } : {}),
  };
}

export function configuredDeclarationSources(
  settings: Pick<Settings, 'DECLARATIONS_DRFA_SOURCE' | 'DECLARATIONS_NSW_PAGES'>,
): DeclarationSourceId[] {
  return Object.keys(declarationSourceLocations(settings, new Date())) as DeclarationSourceId[];
}
