import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * manifest.json in the serving folder names the current generation of published Parquet files.
 * The writer replaces it atomically (temporary name, then rename); readers reload when the
 * generation changes.
 */
const PublishedFileSchema = z.object({
  file: z.string().regex(/^[\w.-]+$/),
  rows: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const ManifestSchema = z.object({
  generation: z.number().int().positive(),
  publishedAt: z.string(),
  tables: z.object({
    incidents: PublishedFileSchema,
    incident_versions: PublishedFileSchema,
    /** Historical archive events; absent until an archive has been loaded. */
    archive: PublishedFileSchema.optional(),
  }),
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type PublishedTable = keyof Manifest['tables'];

export const MANIFEST_FILE = 'manifest.json';

/** Reads the manifest of a serving folder; undefined when nothing has been published yet. */
export async function readManifest(servingDir: string): Promise<Manifest | undefined> {
  let text: string;
  try {
    text = await readFile(join(servingDir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return ManifestSchema.parse(JSON.parse(text));
}
