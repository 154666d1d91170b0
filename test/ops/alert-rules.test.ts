import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../runtime/paths.js';
import { registry } from '../../telemetry/metrics.js';

const run = promisify(execFile);
const RULES_DIR = join(PROJECT_ROOT, 'ops', 'prometheus');

/** The alert rules as Prometheus's own tool checks and unit-tests them (Debian's promtool). */
describe('the alert rules (ops/prometheus)', () => {
  it('are valid, and their unit tests pass: each alert fires when it must and not on a single slow poll', async () => {
    const checked = await run('promtool', ['check', 'rules', 'alerts.yml'], { cwd: RULES_DIR });
    expect(checked.stdout).toMatch(/SUCCESS: \d+ rules found/);
    const tested = await run('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: RULES_DIR });
    expect(`${tested.stdout}${tested.stderr}`).toMatch(/SUCCESS/);
  });

  it('name only metrics the service exports', async () => {
    const rules = await readFile(join(RULES_DIR, 'alerts.yml'), 'utf8');
    const named = new Set([...rules.matchAll(/\b(eids_[a-z_]+)/g)].map((match) => match[1]!));
    const exported = new Set(
      (await registry.getMetricsAsJSON()).flatMap((metric) =>
        String(metric.type) === 'histogram'
          ? [`${metric.name}_bucket`, `${metric.name}_sum`, `${metric.name}_count`]
          : [metric.name],
      ),
    );
    expect(named.size).toBeGreaterThan(5);
    for (const name of named) expect(exported, name).toContain(name);
  });
});
