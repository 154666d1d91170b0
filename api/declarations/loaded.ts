import { problems } from '../problem.js';
import type { DeclarationDeps } from './deps.js';
import type { LoadedDeclarations } from './declaration-store.js';

/** The loaded declarations, or the 503 that says why there are none. */
export async function loadedDeclarations(deps: DeclarationDeps): Promise<LoadedDeclarations> {
  if (!deps.declarations) throw problems.unavailable('Declarations are not served by this process.');
  const current = await deps.declarations.current();
  if ('unavailable' in current) throw problems.unavailable(current.unavailable);
  return current;
}

/** Declaration answers change with each refresh and with the date: a short private freshness. */
export const DECLARATION_CACHE_CONTROL = 'private, max-age=300';
