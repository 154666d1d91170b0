import { ConfigError, loadSettings } from '../config/index.js';
import { installTemporalLogging, startService, stopOnSignals } from '../runtime/service.js';

const log = (line: string) => console.log(`[eids] ${line}`);

try {
  const settings = loadSettings();
  installTemporalLogging(settings);
  const service = await startService(settings, log);
  stopOnSignals(service, log);
  log(`API listening on ${service.apiUrl}/v1/incidents (docs: ${service.apiUrl}/v1/docs)`);
  log('API keys: npm run keys -- create --tier free   (then: curl -H "Authorization: Bearer <key>" …)');
  log(
    `Temporal at ${service.temporalAddress}${service.temporalUiUrl ? `, Web UI ${service.temporalUiUrl}` : ''}`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
