import { ConfigError, loadSettings } from '../config/index.js';
import { createServiceLog, isBug, serviceLogOptions } from '../runtime/log.js';
import { serviceBanner, startService, stopOnSignals } from '../runtime/service.js';

/** `npm start`: the service as separate processes under this one (see runtime/service.ts). */
let log = createServiceLog({ process: 'eids', level: 'info', format: 'text' });
try {
  log = createServiceLog(serviceLogOptions(loadSettings(), 'eids'));
  const service = await startService({}, log);
  stopOnSignals(() => service.stop(), log);
  for (const line of serviceBanner(service)) log.info(line);
  log.info('API keys: npm run keys -- create --tier free   (then: curl -H "Authorization: Bearer <key>" …)');
} catch (error) {
  if (error instanceof ConfigError) log.error(error.message);
  else log.error('could not start', { error, bug: isBug(error) });
  process.exit(1);
}
