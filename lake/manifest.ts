import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { LAKE_TABLES, type LakeTableName } from './tables.js';

/**
 * manifest.json at the root of the lake names every file of the current generation. Files are
 * immutable; the writer replaces the manifest atomically (temporary name, then rename), so a reader
 * sees either the previous generation or the complete new one. Paths are relative to the lake folder.
 */
const tableNames = Object.keys(LAKE_TABLES) as [LakeTableName, ...LakeTableName[]];

export const LakeFileSchema = z.object({
  table: z.enum(tableNames),
  /** Hive partition values, e.g. {state: 'nsw', month: '2026-11'}; empty for unpartitioned tables. */
  partition: z.record(z.string(), z.string().regex(/^[\w.-]+$/)),
  path: z
    .string()
    .regex(/^[\w=./-]+\.parquet$/)
    .refine((path) => !path.split('/').includes('..'), 'no parent segments'),
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Min and max of the table's time column in this file (ISO instants); null when it has none. */
  minTime: z.string().nullable(),
  maxTime: z.string().nullable(),
  /** For version rows: the latest valid_to, or null when some row is still open. */
  maxEnd: z.string().nullable().optional(),
  schemaVersion: z.number().int().positive(),
});

export const ManifestSchema = z.object({
  format: z.literal('eids-lake/1'),
  generation: z.number().int().positive(),
  publishedAt: z.string(),
  files: z.array(LakeFileSchema),
});

export type LakeFile = z.infer<typeof LakeFileSchema>;
export type Manifest = z.infer<typeof ManifestSchema>;

export const MANIFEST_FILE = 'manifest.json';

/** Replaced files stay this long after the manifest stops naming them: longer than any read of a generation. */
export const GARBAGE_GRACE_MS = 10 * 60 * 1000;

/** Reads the manifest of a lake folder; undefined when nothing has been published yet. */
export async function readManifest(lakeDir: string): Promise<Manifest | undefined> {
  let text: string;
  try {
    text = await readFile(join(lakeDir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return ManifestSchema.parse(JSON.parse(text));
}

/** The files of one table, in manifest order. */
export function filesOf(manifest: Manifest | undefined, table: LakeTableName): LakeFile[] {
  return manifest?.files.filter((file) => file.table === table) ?? [];
}

/**
 * The publishedAt of the next generation: `now`, or a millisecond after the previous one when the
 * clock has not moved past it. Strictly increasing, so that a publication time orders generations and
 * can stamp the changes a generation first shows (the change stream's positions).
 */
export function nextPublishedAt(previous: Pick<Manifest, 'publishedAt'> | undefined, now: Date): Date {
  const last = previous ? Date.parse(previous.publishedAt) : Number.NEGATIVE_INFINITY;
  return new Date(Math.max(now.getTime(), last + 1));
}
