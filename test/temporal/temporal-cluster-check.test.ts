import { randomUUID } from 'node:crypto';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConfigError } from '../../config/index.js';
import { FEED_STATUS_SEARCH_ATTRIBUTE } from '../../model/index.js';
import { checkTemporalCluster } from '../../runtime/temporal-cluster-check.js';

/** The start-up check of a cluster the service did not start, against the suite's real dev server. */
describe('checking a Temporal cluster at start', () => {
  const address = inject('temporalAddress');
  const lines: string[] = [];
  const log = {
    info: (line: string) => lines.push(`info ${line}`),
    warn: (line: string) => lines.push(`warn ${line}`),
  };
  let connection: Connection;
  beforeAll(async () => {
    connection = await Connection.connect({ address });
  });
  afterAll(() => connection.close());

  it('refuses a namespace the cluster does not have, saying how to create it', async () => {
    const namespace = `missing-${randomUUID().slice(0, 8)}`;
    const error = await checkTemporalCluster({ address }, namespace, log).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      `Temporal at ${address} has no namespace "${namespace}": create it (temporal operator namespace create --namespace ${namespace} --retention 7d) or set TEMPORAL_NAMESPACE`,
    );
  });

  it('adds the FeedStatus search attribute to a namespace that lacks it', async () => {
    const namespace = `bare-${randomUUID().slice(0, 8)}`;
    await connection.workflowService.registerNamespace({
      namespace,
      workflowExecutionRetentionPeriod: msToTs('1 day'),
    });
    const attributes = async () =>
      (await connection.operatorService.listSearchAttributes({ namespace })).customAttributes ?? {};
    // A namespace is usable once the frontend's namespace cache has it.
    await expect.poll(async () => (await attributes()) !== undefined, { timeout: 20_000 }).toBe(true);
    expect(await attributes()).not.toHaveProperty(FEED_STATUS_SEARCH_ATTRIBUTE);

    lines.length = 0;
    await checkTemporalCluster({ address }, namespace, log);
    expect(lines).toEqual([
      `info added the ${FEED_STATUS_SEARCH_ATTRIBUTE} search attribute to Temporal namespace "${namespace}"`,
    ]);
    expect(await attributes()).toHaveProperty(FEED_STATUS_SEARCH_ATTRIBUTE);

    lines.length = 0;
    await checkTemporalCluster({ address }, namespace, log);
    expect(lines).toEqual([]);
  });

  it('says which settings to check when TLS is asked of a server that speaks none', async () => {
    const error = await checkTemporalCluster({ address, tls: true }, 'default', log, 2_000).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^cannot reach Temporal at ${address}: .+; check TEMPORAL_ADDRESS, the TEMPORAL_TLS_\\* settings$`,
      ),
    );
  });
});
