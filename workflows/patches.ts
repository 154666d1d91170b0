/**
 * Patch ids (`patched()`): a change to the commands of a running workflow type names itself here, and
 * the code keeps the old commands for runs whose history lacks the marker (docs/development.md, "Changing workflow
 * code"). Remove a branch with `deprecatePatch()` once no run started before it is left.
 */

/** Pollers record their health in the memo after every poll and always wait on a timer (ADR 20). */
export const STEADY_POLLING_PATCH = 'steady-polling-with-health-memo';
