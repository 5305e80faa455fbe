import { type ErrorCode, httpStatusOf, isErrorCode } from './error-codes';

export interface AppErrorOptions {
  details?: unknown;
  // Whether trying the same work again may succeed (a timeout, a lost connection).
  retryable?: boolean;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.retryable = options.retryable ?? false;
  }

  get status(): number {
    return httpStatusOf[this.code];
  }

  // What survives a trip through a queue (BullMQ keeps only the message of a thrown error).
  toJSON(): SerializedError {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }
}

export interface SerializedError {
  code: ErrorCode;
  message: string;
  retryable: boolean;
}

const SERIAL_PREFIX = 'AppError:';

// Errors are carried through BullMQ as their message; encode the code into it so the
// code comes out intact on the other side (job.failedReason).
export function encodeErrorForQueue(error: AppError): string {
  return SERIAL_PREFIX + JSON.stringify(error.toJSON());
}

export function decodeQueuedError(reason: string | undefined): SerializedError | undefined {
  if (!reason?.startsWith(SERIAL_PREFIX)) return undefined;
  try {
    const parsed = JSON.parse(reason.slice(SERIAL_PREFIX.length)) as Partial<SerializedError>;
    if (!isErrorCode(parsed.code) || typeof parsed.message !== 'string') return undefined;
    return { code: parsed.code, message: parsed.message, retryable: parsed.retryable === true };
  } catch {
    return undefined;
  }
}
