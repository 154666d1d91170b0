import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnvironment } from '../../config/index.js';
import { startContractApi, type ContractApi } from './contract-api.js';

const HERE = import.meta.dirname;
const SCHEMATHESIS = join(HERE, '..', '..', '.tools', 'python', 'bin', 'schemathesis');
/** Fixed, so a run is repeatable; change it to explore other cases (`--seed` on the printed command). */
const SEED = 2;

interface Run {
  code: number | null;
  output: string;
}

/** The tester as its own process, its whole output kept (printed when it finds something). */
function runTester(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(SCHEMATHESIS, args, {
      cwd: HERE,
      env: childEnvironment({}, env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * An independent property-based tester (schemathesis, PyPI, in .tools/python/) against the document
 * the API serves: examples, coverage, fuzzing and stateful phases, every check it has, with schema-valid
 * and schema-violating requests. The rules the document cannot state are named in
 * schemathesis_hooks.py, each with its reason; its other settings are in schemathesis.toml.
 */
describe('the API against its own OpenAPI document, by a property-based tester', () => {
  let api: ContractApi;
  let reports: string;

  beforeAll(async () => {
    api = await startContractApi();
    reports = await mkdtemp(join(tmpdir(), 'eids-schemathesis-'));
  });
  afterAll(async () => {
    await api?.close();
    if (reports) await rm(reports, { recursive: true, force: true });
  });

  it('finds no failure of any check in any phase', { timeout: 600_000 }, async () => {
    const junit = join(reports, 'junit.xml');
    const { code, output } = await runTester(
      [
        '--config-file',
        join(HERE, 'schemathesis.toml'),
        'run',
        `${api.base}/v1/openapi.json`,
        '--header',
        `Authorization: Bearer ${api.token}`,
        '--seed',
        String(SEED),
        // One worker: the tester's threads trip a race in some Pythons' parser (3.11's AST).
        '--workers',
        '1',
        '--report',
        'junit',
        '--report-junit-path',
        junit,
      ],
      {
        SCHEMATHESIS_HOOKS: 'schemathesis_hooks',
        PYTHONPATH: HERE,
        EIDS_INCIDENT_ID: api.known.incidentId,
        EIDS_GAUGE_ID: api.known.gaugeId,
        EIDS_LAKE_PATH: api.known.lakePath,
        EIDS_AGRN: api.known.agrn,
      },
    );
    const summary = output.slice(output.lastIndexOf('SUMMARY'));
    expect(code, output).toBe(0);
    // Every operation of the document was tested, and none failed or erred.
    const report = await readFile(junit, 'utf8');
    const operations = (await (await fetch(`${api.base}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const declared = Object.values(operations.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(summary).toMatch(new RegExp(`Tested: ${declared}\\b`));
    expect(report).not.toMatch(/<failure|<error/);
    // The summary without the closing banner, which has the shape of a pytest run's last line and
    // would be read as this run's (a run of no test, as it counts no test of its own).
    console.log(
      summary
        .split('\n')
        .slice(0, 30)
        .filter((line) => !/^=+ .* =+$/.test(line.trim()))
        .join('\n'),
    );
  });
});
