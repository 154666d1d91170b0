import { requestLogWriter } from '../../api/request-log-writer.js';

/**
 * Writes request log lines to standard output and exits at once, for the request log test:
 * log-exit-child <text|json> <count>. Every line must still reach standard output.
 */
const [format = 'text', count = '1'] = process.argv.slice(2);
const log = requestLogWriter({ format: format === 'json' ? 'json' : 'text', process: 'api' });
for (let i = 0; i < Number(count); i++) {
  const requestId = `r-${i}`;
  log(`GET /v1/incidents 200 0.1ms key=- req=${requestId}`, {
    method: 'GET',
    path: '/v1/incidents',
    status: 200,
    ms: 0.1,
    keyId: null,
    requestId,
  });
}
process.exit(0);
