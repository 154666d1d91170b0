import { Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
import { ConfigError } from '../config/index.js';
import { FEED_STATUS_SEARCH_ATTRIBUTE } from '../model/index.js';
import type { ServiceLog } from './log.js';
import { CREATE_SEARCH_ATTRIBUTE_COMMAND, hasFeedStatusAttribute } from './pollers.js';
import type { TemporalConnectionOptions } from './temporal-connection.js';

/** gRPC status codes Temporal answers with. */
const NOT_FOUND = 5;
const PERMISSION_DENIED = 7;
const UNAUTHENTICATED = 16;

const CONNECT_TIMEOUT = 10_000;

const grpcCode = (error: unknown): number | undefined =>
  typeof (error as { code?: unknown })?.code === 'number' ? (error as { code: number }).code : undefined;

const reason = (error: unknown): string => {
  let cause: unknown = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return cause instanceof Error ? cause.message : String(cause);
};

/** Which settings could be wrong when the cluster refuses or does not answer. */
function settingsToCheck(options: TemporalConnectionOptions): string {
  return [
    'TEMPORAL_ADDRESS',
    ...(options.tls !== undefined ? ['the TEMPORAL_TLS_* settings'] : []),
    ...(options.apiKey !== undefined ? ['TEMPORAL_API_KEY'] : []),
  ].join(', ');
}

/**
 * Before the service starts its workers on a cluster it did not start itself: the cluster answers,
 * accepts the credentials and has the namespace (else a ConfigError of one line saying what to change),
 * and the namespace gets the FeedStatus search attribute when it lacks it and the credentials may add it.
 */
export async function checkTemporalCluster(
  options: TemporalConnectionOptions,
  namespace: string,
  log: Pick<ServiceLog, 'info' | 'warn'>,
  connectTimeoutMs = CONNECT_TIMEOUT,
): Promise<void> {
  const at = `Temporal at ${options.address}`;
  let connection: Connection;
  try {
    connection = await Connection.connect({ ...options, connectTimeout: connectTimeoutMs });
  } catch (error) {
    throw new ConfigError(`cannot reach ${at}: ${reason(error)}; check ${settingsToCheck(options)}`);
  }
  try {
    try {
      await connection.workflowService.describeNamespace({ namespace });
    } catch (error) {
      const code = grpcCode(error);
      if (code === NOT_FOUND) {
        throw new ConfigError(
          `${at} has no namespace "${namespace}": create it (temporal operator namespace create --namespace ${namespace} --retention 7d) or set TEMPORAL_NAMESPACE`,
        );
      }
      if (code === PERMISSION_DENIED || code === UNAUTHENTICATED) {
        throw new ConfigError(
          `${at} refused access to namespace "${namespace}": ${reason(error)}; check ${settingsToCheck(options)}`,
        );
      }
      throw new ConfigError(`${at} did not describe namespace "${namespace}": ${reason(error)}`);
    }
    await ensureFeedStatusAttribute(connection, namespace, log);
  } finally {
    await connection.close();
  }
}

async function ensureFeedStatusAttribute(
  connection: Connection,
  namespace: string,
  log: Pick<ServiceLog, 'info' | 'warn'>,
): Promise<void> {
  if (await hasFeedStatusAttribute({ connection }, namespace)) return;
  try {
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: {
        [FEED_STATUS_SEARCH_ATTRIBUTE]:
          proto.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
      },
    });
    log.info(
      `added the ${FEED_STATUS_SEARCH_ATTRIBUTE} search attribute to Temporal namespace "${namespace}"`,
    );
  } catch (error) {
    log.warn(
      `could not add the ${FEED_STATUS_SEARCH_ATTRIBUTE} search attribute to namespace "${namespace}" (${reason(error)}), so the Web UI cannot list feeds by status; an operator can: ${CREATE_SEARCH_ATTRIBUTE_COMMAND} --namespace ${namespace}`,
    );
  }
}
