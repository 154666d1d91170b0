import { ConfigError } from '../config/index.js';
import { createServiceLog, isBug, serviceLogOptions } from '../runtime/log.js';
import { serviceBanner, startService, stopOnSignals } from '../runtime/service.js';
import { StartRefused } from '../runtime/start-guard.js';
import { settingsOrExit } from '../runtime/startup-settings.js';

/** `npm start`: the service as separate processes under this one (see runtime/service.ts). */
const settings = settingsOrExit();
const log = createServiceLog(serviceLogOptions(settings, 'eids'));
const signals = stopOnSignals(log);
try {
  const service = await startService({}, log, signals.aborted);
  signals.stopWith(() => service.stop());
  for (const line of serviceBanner(service)) log.info(line);
  log.info('API keys: npm run keys -- create --tier free   (then: curl -H "Authorization: Bearer <key>" …)');
} catch (error) {
  // A signal during start-up: what had started is stopped already.
  if (signals.aborted.aborted) signals.stopWith(() => Promise.resolve());
  else if (error instanceof ConfigError || error instanceof StartRefused) log.error(error.message);
  else log.error('could not start', { error, bug: isBug(error) });
  if (!signals.aborted.aborted) process.exit(1);
}
