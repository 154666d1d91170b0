import type { DeclarationSourceId, RejectedRow } from '../model/index.js';
import type { RawRef } from './raw-store.js';

/** Inputs and results of the declaration refresh activities: small, JSON-safe, bodies by reference. */

/** One fetched document of a source: where it came from and its stored body. */
export interface DeclarationDocument {
  /** The address fetched, or `file:<name>` for a local file (no machine paths travel further). */
  location: string;
  raw: RawRef;
}

export interface FetchDeclarationSourceInput {
  source: DeclarationSourceId;
}

export interface FetchedDeclarationSource {
  source: DeclarationSourceId;
  fetchedAt: string;
  documents: DeclarationDocument[];
}

export interface ParsedDeclarationSource {
  source: DeclarationSourceId;
  fetchedAt: string;
  /** The source's rows for the lake (lake/declaration-rows.ts), relative to DATA_DIR. */
  stagedPath: string;
  /** sha256 over the documents' bodies, in order: the same documents publish the same file. */
  contentSha256: string;
  records: number;
  rejected: number;
  /** The first few rejected rows, for logs. */
  rejectedSample: RejectedRow[];
  unmappedHazards: string[];
  documents: { location: string; sha256: string }[];
}

export interface PublishDeclarationSourceResult {
  /** `unchanged`: the same documents are published already; nothing was written. */
  outcome: 'published' | 'unchanged';
  records: number;
  generation: number | null;
}

/** Failure types of a refresh that retrying cannot fix: the last good records keep being served. */
export const DECLARATION_FAILURES = {
  malformed: 'MalformedDeclarations',
  dropped: 'DeclarationsDropped',
  misconfigured: 'DeclarationsMisconfigured',
} as const;
