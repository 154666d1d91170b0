import { ConfigError, loadSettings, type Settings } from '../config/index.js';

/**
 * The settings a process starts with (its environment over `defaults`). A bad setting ends the process
 * with status 1 and the message that names it: there is no log yet to report it to.
 */
export function settingsOrExit(defaults: Record<string, string> = {}): Settings {
  try {
    return loadSettings(defaults);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
