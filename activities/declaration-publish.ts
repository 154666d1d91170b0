import { ApplicationFailure, ApplicationFailureCategory } from '@temporalio/common';
import { join } from 'node:path';
import { DeclarationDropError, publishDeclarationSource } from '../warehouse/declarations.js';
import type { DeclarationSourceId } from '../model/index.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import {
  DECLARATION_FAILURES,
  type ParsedDeclarationSource,
  type PublishDeclarationSourceResult,
} from './declaration-contracts.js';
import { heartbeating } from './heartbeat.js';
import { localFiles, type SharedFiles } from './shared-files.js';

export interface DeclarationWarehouseDeps {
  dataDir: string;
  lakeDir: string;
  warehouse: Warehouse;
  /** The sources the settings name: any other source's records leave the lake at the next publish. */
  configuredSources?: () => DeclarationSourceId[];
  now?: () => Date;
  /** Where staged records come from when the ingest workers have data folders of their own. */
  shared?: SharedFiles;
}

/** The warehouse-queue side of a declaration refresh: one source's parsed records into the lake. */
export function createDeclarationWarehouseActivities(deps: DeclarationWarehouseDeps) {
  const now = deps.now ?? (() => new Date());
  const shared = deps.shared ?? localFiles(deps.dataDir);
  async function publish(parsed: ParsedDeclarationSource): Promise<PublishDeclarationSourceResult> {
    const stagedFile = join(deps.dataDir, parsed.stagedPath);
    await shared.fetch(parsed.stagedPath);
    try {
      const published = await publishDeclarationSource(
        deps.warehouse,
        deps.lakeDir,
        {
          source: parsed.source,
          stagedFile,
          records: parsed.records,
          contentSha256: parsed.contentSha256,
          fetchedAt: parsed.fetchedAt,
          rejected: parsed.rejected,
          unmappedHazards: parsed.unmappedHazards,
          documents: parsed.documents,
        },
        now(),
        deps.configuredSources?.(),
      );
      await shared.discard(parsed.stagedPath);
      return { ...published, records: parsed.records };
    } catch (error) {
      if (!(error instanceof DeclarationDropError)) throw error;
      await shared.discard(parsed.stagedPath);
      throw ApplicationFailure.create({
        message: error.message,
        type: DECLARATION_FAILURES.dropped,
        nonRetryable: true,
        details: ['retraction-guard'],
        category: ApplicationFailureCategory.BENIGN,
      });
    }
  }
  return {
    publishDeclarationSource(parsed: ParsedDeclarationSource): Promise<PublishDeclarationSourceResult> {
      return heartbeating(() => publish(parsed));
    },
  };
}

export type DeclarationWarehouseActivities = ReturnType<typeof createDeclarationWarehouseActivities>;
