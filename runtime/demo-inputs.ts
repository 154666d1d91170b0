import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Manifest } from '../lake/manifest.js';
import type { DeclarationSourceId } from '../model/index.js';

/**
 * What the demo's data folder was built from: the real documents in ../shared (the DRFA history, the
 * ABS boundaries, the AIDR archive) or the made-up stand-ins. A folder built from one and started with
 * the other must switch: declarations refreshed at once from the new inputs, and the archive source
 * that matches them loaded in place of the other one.
 */
export const DEMO_INPUT_KINDS = ['shared', 'stand-ins'] as const;
export type DemoInputKind = (typeof DEMO_INPUT_KINDS)[number];

/** The demo's archive source for each kind of inputs (runtime/demo-archive.ts). */
export const DEMO_ARCHIVE_SOURCE: Record<DemoInputKind, string> = {
  shared: 'aidr',
  'stand-ins': 'generated',
};

/** For people: "../shared" or "made-up stand-ins". */
export const DEMO_INPUT_NAMES: Record<DemoInputKind, string> = {
  shared: '../shared',
  'stand-ins': 'made-up stand-ins',
};

/** Kept in the data folder: what its declarations and its archive were last built from. */
export const DemoInputsRecord = z.object({
  declarations: z.enum(DEMO_INPUT_KINDS).optional(),
  archive: z.enum(DEMO_INPUT_KINDS).optional(),
});
export type DemoInputsRecord = z.infer<typeof DemoInputsRecord>;

/** Declarations only the stand-ins publish: ../shared keeps the NSW register as page text, not read. */
const STAND_IN_ONLY_DECLARATIONS: DeclarationSourceId = 'nsw_disaster_declarations';

/** What the lake holds that tells which inputs built it (a folder from before the record was kept). */
export interface LakeSources {
  archive: readonly string[];
  declarations: readonly string[];
}

/** The archive and declaration sources a lake's manifest names. */
export function lakeSourcesOf(manifest: Manifest | undefined): LakeSources {
  const sources = (tables: readonly string[]) => [
    ...new Set(
      (manifest?.files ?? [])
        .filter((file) => tables.includes(file.table) && file.partition.source !== undefined)
        .map((file) => file.partition.source!),
    ),
  ];
  return { archive: sources(['archive']), declarations: sources(['declarations']) };
}

/**
 * The record, or what the lake says when there is none: the demo's archive source names its inputs;
 * NSW register records come only from the stand-ins (../shared keeps the register as page text only).
 */
export function builtFrom(record: DemoInputsRecord | undefined, lake: LakeSources): DemoInputsRecord {
  const archive =
    record?.archive ?? DEMO_INPUT_KINDS.find((kind) => lake.archive.includes(DEMO_ARCHIVE_SOURCE[kind]));
  const declarations =
    record?.declarations ??
    (lake.declarations.length === 0
      ? undefined
      : lake.declarations.includes(STAND_IN_ONLY_DECLARATIONS)
        ? 'stand-ins'
        : 'shared');
  return { ...(archive ? { archive } : {}), ...(declarations ? { declarations } : {}) };
}

/** What must change for a folder built from `built` to serve `current` inputs. */
export interface DemoInputsSwitch {
  /** Declarations built from other inputs: refresh them now (and say what cannot switch by itself). */
  declarations?: { from: DemoInputKind; to: DemoInputKind };
  /** The archive source to load and the one it replaces; `from` absent when no demo archive is there. */
  archive?: { from?: DemoInputKind; to: DemoInputKind };
}

/**
 * The switch from what the folder was built from to the current inputs. A folder with no archive at all
 * loads the current one (the first run); one whose archive is none of the demo's (the user's own
 * loads) is left alone.
 */
export function demoInputsSwitch(
  built: DemoInputsRecord,
  current: Required<DemoInputsRecord>,
  lake: LakeSources,
): DemoInputsSwitch {
  const change: DemoInputsSwitch = {};
  if (built.declarations !== undefined && built.declarations !== current.declarations) {
    change.declarations = { from: built.declarations, to: current.declarations };
  }
  if (built.archive === undefined) {
    if (lake.archive.length === 0) change.archive = { to: current.archive };
  } else if (built.archive !== current.archive) {
    change.archive = { from: built.archive, to: current.archive };
  }
  return change;
}

/** The one line a switch is announced with, or none when nothing switches but a first archive load. */
export function demoInputsSwitchLine(change: DemoInputsSwitch, dataDir: string): string | undefined {
  const parts: string[] = [];
  const { declarations, archive } = change;
  if (declarations) {
    parts.push(
      declarations.to === 'shared'
        ? `declarations from ${DEMO_INPUT_NAMES[declarations.from]} to ${DEMO_INPUT_NAMES[declarations.to]} (refreshing them now; the made-up NSW register leaves)`
        : // A much smaller history is held back as a drop (ADR 16): real and made-up records would mix.
          `declarations from ${DEMO_INPUT_NAMES[declarations.from]} to ${DEMO_INPUT_NAMES[declarations.to]} do not switch by themselves (the much smaller made-up history is held back as a drop, and real and made-up records would mix): to use the stand-ins, stop the demo and start afresh with rm -rf ${dataDir}`,
    );
  }
  if (archive?.from) {
    parts.push(
      `archive from "${DEMO_ARCHIVE_SOURCE[archive.from]}" to "${DEMO_ARCHIVE_SOURCE[archive.to]}" (loading it in place of the other)`,
    );
  }
  return parts.length === 0
    ? undefined
    : `the demo's inputs changed since ${dataDir} was built: ${parts.join('; ')}`;
}

export async function readDemoInputs(file: string): Promise<DemoInputsRecord | undefined> {
  try {
    const parsed = DemoInputsRecord.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Records what part of the folder was built from (the other part's record is kept). */
export async function recordDemoInputs(file: string, change: DemoInputsRecord): Promise<void> {
  const next = { ...(await readDemoInputs(file)), ...change };
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(next, null, 1)}\n`);
  await rename(temporary, file);
}
