// Types of what the TypeScript side uses from setup-common.mjs (plain Node, shared with the setup scripts).

/** Whether a path is a file this process may run. */
export function isExecutableFile(path: string): boolean;

/** The executable `name` in the first PATH folder that has one, as an absolute path. */
export function searchPath(name: string): string | undefined;
