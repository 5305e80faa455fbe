import { type DestinationStream, type Logger as PinoLogger, pino } from 'pino';

// One JSON line per event on stdout: what log collectors read without configuration.
// `time` is ISO 8601, `level` its name, `msg` the message; fields sit beside them.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Level = Exclude<LogLevel, 'silent'>;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** Fields whose values are credentials or keys: never logged, as a field or inside one. */
const SECRET_FIELDS = ['key', 'apiKey', 'secret', 'password', 'token', 'webhookSecret'];
/** Headers that carry credentials: never logged, as a field, inside one, or in a `headers` object inside one (req.headers). */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-csrf-token'];
const isIdentifier = (name: string) => /^[A-Za-z_$][\w$]*$/.test(name);
const segment = (name: string) => (isIdentifier(name) ? `.${name}` : `["${name}"]`);
// Each path starting with `*` is tried on every field of every line written (not on lines below
// the level), so the list stays short: two levels, three for headers.
export const REDACTED_PATHS: string[] = [
  ...[...SECRET_FIELDS, ...SECRET_HEADERS].flatMap((name) => [isIdentifier(name) ? name : `["${name}"]`, `*${segment(name)}`]),
  ...SECRET_HEADERS.map((name) => `*.headers${segment(name)}`),
];

export const serializeError = (error: Error): Record<string, unknown> => {
  const code = (error as { code?: unknown }).code;
  return { name: error.name, message: error.message, ...(code === undefined ? {} : { code }), stack: error.stack };
};

// Errors as fields (`{ error }`, `{ err }`, under any name) become plain objects; the rest is left alone.
function withErrors(fields: Record<string, unknown>): Record<string, unknown> {
  let out = fields;
  for (const key in fields) {
    const value = fields[key];
    if (!(value instanceof Error)) continue;
    if (out === fields) out = { ...fields };
    out[key] = serializeError(value);
  }
  return out;
}

const pinos = new WeakMap<Logger, PinoLogger>();
const noop = () => undefined;

function wrap(instance: PinoLogger): Logger {
  // A level below the logger's costs one call to a no-op: nothing is built for it.
  const at = (level: Level) =>
    instance.isLevelEnabled(level)
      ? (msg: string, fields?: Record<string, unknown>) => (fields ? instance[level](withErrors(fields), msg) : instance[level](msg))
      : noop;
  const logger: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (fields) => wrap(instance.child(withErrors(fields))),
  };
  pinos.set(logger, instance);
  return logger;
}

/**
 * The process's logger: `base` fields on every line, written to `destination` (stdout when
 * not given; tests pass a stream of their own). Stdout is written synchronously, as Node writes
 * it to files and pipes: pino's default hands each line to libuv's thread pool, and that
 * hand-off and the wake-up after it cost more CPU than the write itself (about 50 µs a line,
 * measured writing to a pipe).
 */
export function createLogger(level: LogLevel, base: Record<string, unknown> = {}, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: null,
    messageKey: 'msg',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS },
  };
  const root = pino(options, destination ?? pino.destination({ dest: process.stdout.fd ?? 1, sync: true }));
  return wrap(Object.keys(base).length > 0 ? root.child(withErrors(base)) : root);
}

/** The pino instance under a logger made here, for code that writes on its stream at its level (the access log). */
export function pinoOf(logger: Logger): PinoLogger {
  const instance = pinos.get(logger);
  if (!instance) throw new Error('this logger was not made by createLogger');
  return instance;
}
