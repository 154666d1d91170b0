import type { LgaMatchStatus } from '../model/index.js';

type Aggregate = 'declared' | 'partial' | 'activation_only' | 'uncertain' | 'not_declared';

/**
 * The answer across the LGAs matched: `declared` only when every one is; `partial` when some are;
 * otherwise `activation_only` if any has an activation in force, `uncertain` if any has a record of
 * unconfirmable currency, else `not_declared`. The caller answers `unknown_*` when nothing matched.
 */
export function aggregateMatchStatus(statuses: readonly LgaMatchStatus[]): Aggregate {
  const declared = statuses.filter((status) => status === 'declared').length;
  if (statuses.length > 0 && declared === statuses.length) return 'declared';
  if (declared > 0) return 'partial';
  if (statuses.includes('activation_only')) return 'activation_only';
  if (statuses.includes('uncertain')) return 'uncertain';
  return 'not_declared';
}
