import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { requestLogWriter } from '../../api/request-log-writer.js';
import type { RequestLogFields } from '../../api/request-log.js';

const FIELDS: RequestLogFields = {
  method: 'GET',
  path: '/v1/incidents',
  status: 200,
  ms: 1.5,
  keyId: 'abcdefghijkl',
  requestId: 'r-1',
};
const LINE = 'GET /v1/incidents 200 1.5ms key=abcdefghijkl req=r-1';

function collected() {
  const lines: string[] = [];
  return { lines, destination: { write: (text: string) => lines.push(text) } };
}

describe('the request log writer', () => {
  it('writes the readable line with its process, one a line (LOG_FORMAT=text)', () => {
    const { lines, destination } = collected();
    requestLogWriter({ format: 'text', process: 'api', destination })(LINE, FIELDS);
    expect(lines).toEqual([`[api] ${LINE}\n`]);
  });

  it('writes one JSON object a line through pino, with the fields and the line (LOG_FORMAT=json)', () => {
    const { lines, destination } = collected();
    const before = Date.now();
    requestLogWriter({ format: 'json', process: 'api', destination })(LINE, FIELDS);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const { time, ...entry } = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toEqual({ level: 'info', process: 'api', ...FIELDS, msg: LINE });
    expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(time as string)).toBeGreaterThanOrEqual(before);
  });

  it('writes every gathered line when the process exits at once, process.exit included', async () => {
    const run = promisify(execFile);
    const child = join(import.meta.dirname, '..', 'support', 'log-exit-child.ts');
    for (const format of ['text', 'json']) {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', child, format, '4321'], {
        maxBuffer: 64 * 1024 * 1024,
      });
      const lines = stdout.split('\n').filter((line) => line !== '');
      expect(lines, format).toHaveLength(4321);
      expect(lines.at(-1), format).toContain('req=r-4320');
    }
  });
});
