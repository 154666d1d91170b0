import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { parseSettings } from '../../config/index.js';
import { PROJECT_ROOT } from '../../runtime/paths.js';
import { findFreePort } from '../../runtime/ports.js';
import { locateTemporalCli } from '../../runtime/temporal-cli.js';
import { startTemporalDevServer } from '../../runtime/temporal-dev-server.js';
import { createIngestWorker, createWarehouseWorker } from '../../runtime/workers.js';
import { createServiceLog } from '../../runtime/log.js';
import { installTemporalRuntime } from '../../runtime/temporal-log.js';
import { archiveLoad } from '../../workflows/index.js';

export interface WorkflowTimings {
  bulk: { seconds: number; cpu: number; records: number; files: number };
  streaming: { seconds: number; rows: number };
}

/** The first `rows` rows of a CSV (and its header), for the streaming run. */
async function head(input: string, out: string, rows: number): Promise<void> {
  const writer = createWriteStream(out);
  let count = -1;
  for await (const line of createInterface({ input: createReadStream(input) })) {
    if (count >= rows) break;
    writer.write(`${line}\n`);
    count += 1;
  }
  await new Promise((resolve) => writer.end(resolve));
}

/**
 * Times archive loads through the archiveLoad workflow on a dev server of its own, with the service's
 * workers in this process (as one warehouse process and one ingest process would run them).
 * Undefined when the Temporal CLI is not installed.
 */
export async function timeArchiveWorkflow(options: {
  dir: string;
  input: string;
  streamingRows: number;
}): Promise<WorkflowTimings | undefined> {
  const cliPath = locateTemporalCli({}, PROJECT_ROOT);
  if (!cliPath) return undefined;
  // The SDK's own lines only when something is wrong: the figures are the output.
  installTemporalRuntime(createServiceLog({ process: 'bench', level: 'warn', format: 'text' }), 'warn');
  const server = await startTemporalDevServer({
    cliPath,
    port: await findFreePort(),
    uiPort: await findFreePort(),
    dbFile: join(options.dir, 'temporal.sqlite'),
    namespace: 'default',
  });
  const settings = parseSettings({
    DATA_DIR: join(options.dir, 'data'),
    TEMPORAL_ADDRESS: server.address,
    INGEST_TASK_QUEUE: `bench-ingest-${randomUUID().slice(0, 8)}`,
    WAREHOUSE_TASK_QUEUE: `bench-warehouse-${randomUUID().slice(0, 8)}`,
  });
  const native = await NativeConnection.connect({ address: server.address });
  const {
    worker: warehouseWorker,
    warehouse,
    publisher,
  } = await createWarehouseWorker({
    connection: native,
    settings,
  });
  const ingestWorker = await createIngestWorker({ connection: native, settings });
  const runs = [warehouseWorker.run(), ingestWorker.run()];
  const connection = await Connection.connect({ address: server.address });
  const client = new Client({ connection });
  try {
    const run = (file: string, mode: 'bulk' | 'streaming') =>
      client.workflow.execute(archiveLoad, {
        workflowId: `bench-${mode}-${randomUUID().slice(0, 8)}`,
        taskQueue: settings.INGEST_TASK_QUEUE,
        args: [
          {
            file,
            format: 'interchange',
            source: mode,
            mode,
            warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE,
          },
        ],
      });
    let started = performance.now();
    const cpu = process.cpuUsage();
    const bulk = await run(options.input, 'bulk');
    const bulkSeconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const small = join(options.dir, 'streaming.csv');
    await head(options.input, small, options.streamingRows);
    started = performance.now();
    await run(small, 'streaming');
    return {
      bulk: {
        seconds: bulkSeconds,
        cpu: (used.user + used.system) / 1e6,
        records: bulk.counts.records,
        files: bulk.files,
      },
      streaming: { seconds: (performance.now() - started) / 1000, rows: options.streamingRows },
    };
  } finally {
    ingestWorker.shutdown();
    warehouseWorker.shutdown();
    await Promise.allSettled(runs);
    await publisher.close();
    warehouse.close();
    await connection.close();
    await native.close();
    await server.stop();
  }
}
