import { accessSync, constants, statSync } from 'node:fs';

import { Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { loadSettings } from '../../config/env.js';
import { FEED_STATUS_SEARCH_ATTRIBUTE } from '../../model/index.js';
import { PROJECT_ROOT } from '../../runtime/paths.js';
import { locateTemporalCli } from '../../runtime/temporal-cli.js';

describe('Temporal CLI', () => {
  it('is located as an executable file', () => {
    const cliPath = locateTemporalCli(loadSettings(), PROJECT_ROOT);
    expect(cliPath).toBeDefined();
    expect(statSync(cliPath!).isFile()).toBe(true);
    expect(() => accessSync(cliPath!, constants.X_OK)).not.toThrow();
  });

  it('reports nothing when TEMPORAL_CLI_PATH points at a missing file', () => {
    expect(locateTemporalCli({ TEMPORAL_CLI_PATH: '/nonexistent/temporal' }, PROJECT_ROOT)).toBeUndefined();
  });
});

describe('Temporal dev server (global setup)', () => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await Connection.connect({ address: inject('temporalAddress') });
  });

  afterAll(async () => {
    await connection?.close();
  });

  it('answers getSystemInfo with a server version and capabilities', async () => {
    const info = await connection.workflowService.getSystemInfo({});
    expect(info.serverVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.capabilities).toBeTruthy();
  });

  it('has the default namespace', async () => {
    const ns = await connection.workflowService.describeNamespace({ namespace: 'default' });
    expect(ns.namespaceInfo?.name).toBe('default');
  });

  it('registers the FeedStatus search attribute the pollers keep up to date', async () => {
    const { customAttributes } = await connection.operatorService.listSearchAttributes({
      namespace: 'default',
    });
    // IndexedValueType 2 is KEYWORD in the server's API.
    expect(customAttributes?.[FEED_STATUS_SEARCH_ATTRIBUTE]).toBe(2);
  });

  it('provides a workflow bundle file', () => {
    expect(statSync(inject('workflowBundlePath')).size).toBeGreaterThan(0);
  });
});
