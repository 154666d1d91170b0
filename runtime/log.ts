import type { Settings } from '../config/index.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

/** The service's own log: readable lines by default, one JSON object per line with LOG_FORMAT=json. */
export interface ServiceLog {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** Whether a line at this level would be written (callers skip building costly fields). */
  enabled(level: LogLevel): boolean;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface ServiceLogOptions {
  /** Which process writes: `eids`, `api`, `ingest`, `warehouse`, `demo`. */
  process: string;
  level: LogLevel;
  format: 'text' | 'json';
  write?: (line: string) => void;
  now?: () => Date;
}

export function serviceLogOptions(
  settings: Pick<Settings, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  process: string,
): ServiceLogOptions {
  return { process, level: settings.LOG_LEVEL, format: settings.LOG_FORMAT };
}

/**
 * An `error` field that is an Error prints its message; its stack is printed only when the caller
 * marks it a bug (`bug: true`): expected trouble (an upstream down) is one line.
 */
export function createServiceLog(options: ServiceLogOptions): ServiceLog {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const now = options.now ?? (() => new Date());
  const enabled = (level: LogLevel) => RANK[level] >= RANK[options.level];
  const emit = (level: LogLevel, message: string, fields: LogFields = {}) => {
    if (!enabled(level)) return;
    write(
      options.format === 'json'
        ? jsonLine(now(), level, options.process, message, fields)
        : textLine(level, options.process, message, fields),
    );
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
    enabled,
  };
}

function textLine(level: LogLevel, processName: string, message: string, fields: LogFields): string {
  const tag = level === 'info' ? '' : ` ${level.toUpperCase()}`;
  const error = fields['error'];
  const detail = error instanceof Error && !message.includes(error.message) ? `: ${error.message}` : '';
  const stack = fields['bug'] === true && error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return `[${processName}]${tag} ${message}${detail}${stack}`;
}

function jsonLine(
  at: Date,
  level: LogLevel,
  processName: string,
  message: string,
  fields: LogFields,
): string {
  const plain = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      value instanceof Error ? errorFields(value, fields) : value,
    ]),
  );
  return JSON.stringify({ time: at.toISOString(), level, process: processName, msg: message, ...plain });
}

function errorFields(error: Error, fields: LogFields) {
  return {
    name: error.name,
    message: error.message,
    ...(fields['bug'] === true && error.stack ? { stack: error.stack } : {}),
  };
}

/** Errors that mean the code is wrong (worth a stack), as opposed to trouble outside it. */
export function isBug(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    error instanceof ReferenceError ||
    error instanceof SyntaxError ||
    error instanceof RangeError
  );
}
