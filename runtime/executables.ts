// Finding an executable is shared with the setup scripts, which run as plain Node before anything else.
export { isExecutableFile, searchPath } from '../scripts/setup-common.mjs';
