/**
 * The memo key under which each long-running workflow (pollers, the declaration refresher) keeps the
 * state it carries across runs, health included: the API reads health from a visibility list without
 * running workflow code, and a poller started again carries on from it.
 */
export const CARRIED_MEMO_KEY = 'carried';
