import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LakeFile, Manifest } from '../../lake/manifest.js';
import {
  builtFrom,
  demoInputsSwitch,
  demoInputsSwitchLine,
  lakeSourcesOf,
  readDemoInputs,
  recordDemoInputs,
  type LakeSources,
} from '../../runtime/demo-inputs.js';

const SHARED = { declarations: 'shared', archive: 'shared' } as const;
const STAND_INS = { declarations: 'stand-ins', archive: 'stand-ins' } as const;

/** A folder the demo built from the stand-ins: the generated archive, the made-up DRFA and NSW register. */
const BUILT_FROM_STAND_INS: LakeSources = {
  archive: ['generated'],
  declarations: ['nema_drfa_activations', 'nsw_disaster_declarations'],
};
const BUILT_FROM_SHARED: LakeSources = { archive: ['aidr'], declarations: ['nema_drfa_activations'] };
const EMPTY: LakeSources = { archive: [], declarations: [] };

describe('which inputs a demo data folder was built from', () => {
  it('reads the lake of a folder that has no record (built before the record was kept)', () => {
    expect(builtFrom(undefined, BUILT_FROM_STAND_INS)).toEqual(STAND_INS);
    expect(builtFrom(undefined, BUILT_FROM_SHARED)).toEqual(SHARED);
    expect(builtFrom(undefined, EMPTY)).toEqual({});
    // The user's own archive loads say nothing about the demo's inputs.
    expect(builtFrom(undefined, { archive: ['mine'], declarations: [] })).toEqual({});
  });

  it('believes its record over the lake', () => {
    expect(builtFrom({ archive: 'shared' }, BUILT_FROM_STAND_INS)).toEqual({
      archive: 'shared',
      declarations: 'stand-ins',
    });
  });

  it('names the archive and declaration sources of a manifest', () => {
    const file = (table: LakeFile['table'], partition: Record<string, string>) =>
      ({ table, partition }) as LakeFile;
    const manifest = {
      files: [
        file('archive', { state: 'nsw', source: 'generated' }),
        file('archive', { state: 'vic', source: 'generated' }),
        file('declarations', { source: 'nema_drfa_activations' }),
        file('declaration_sources', { source: 'nema_drfa_activations' }),
        file('incidents_live', {}),
      ],
    } as Manifest;
    expect(lakeSourcesOf(manifest)).toEqual({
      archive: ['generated'],
      declarations: ['nema_drfa_activations'],
    });
    expect(lakeSourcesOf(undefined)).toEqual(EMPTY);
  });
});

describe('switching a demo data folder to the inputs it reads now', () => {
  it('switches a folder built from the stand-ins once ../shared is there: declarations and archive', () => {
    const change = demoInputsSwitch(builtFrom(undefined, BUILT_FROM_STAND_INS), SHARED, BUILT_FROM_STAND_INS);
    expect(change).toEqual({
      declarations: { from: 'stand-ins', to: 'shared' },
      archive: { from: 'stand-ins', to: 'shared' },
    });
    expect(demoInputsSwitchLine(change, 'data/demo')).toBe(
      "the demo's inputs changed since data/demo was built: declarations from made-up stand-ins to ../shared " +
        '(refreshing them now; the made-up NSW register leaves); archive from "generated" to "aidr" (loading it in place of the other)',
    );
  });

  it('leaves a folder alone when its inputs have not changed', () => {
    expect(demoInputsSwitch(SHARED, SHARED, BUILT_FROM_SHARED)).toEqual({});
    expect(demoInputsSwitch(STAND_INS, STAND_INS, BUILT_FROM_STAND_INS)).toEqual({});
    expect(demoInputsSwitchLine({}, 'data/demo')).toBeUndefined();
  });

  it('loads the archive of a first run, with nothing to announce', () => {
    const change = demoInputsSwitch({}, SHARED, EMPTY);
    expect(change).toEqual({ archive: { to: 'shared' } });
    expect(demoInputsSwitchLine(change, 'data/demo')).toBeUndefined();
  });

  it('loads no demo archive over the user’s own archive', () => {
    const lake = { archive: ['mine'], declarations: [] };
    expect(demoInputsSwitch(builtFrom(undefined, lake), SHARED, lake)).toEqual({});
  });

  it('says in one line how to go back to the stand-ins, which would not replace real declarations', () => {
    const change = demoInputsSwitch(SHARED, STAND_INS, BUILT_FROM_SHARED);
    expect(change).toEqual({
      declarations: { from: 'shared', to: 'stand-ins' },
      archive: { from: 'shared', to: 'stand-ins' },
    });
    const line = demoInputsSwitchLine(change, 'data/demo')!;
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain('start afresh with rm -rf data/demo');
    expect(line).toContain('archive from "aidr" to "generated"');
  });
});

describe('the record of a demo data folder’s inputs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-demo-inputs-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps each part as it is recorded, and reads nothing from a missing or broken file', async () => {
    const file = join(dir, 'demo-inputs.json');
    expect(await readDemoInputs(file)).toBeUndefined();
    await recordDemoInputs(file, { declarations: 'shared' });
    await recordDemoInputs(file, { archive: 'stand-ins' });
    expect(await readDemoInputs(file)).toEqual({ declarations: 'shared', archive: 'stand-ins' });
    await recordDemoInputs(file, { archive: 'shared' });
    expect(await readDemoInputs(file)).toEqual(SHARED);
    await writeFile(file, '{"archive":"elsewhere"}');
    expect(await readDemoInputs(file)).toBeUndefined();
  });
});
