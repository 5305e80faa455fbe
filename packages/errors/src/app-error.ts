import { type ErrorCode, httpStatusOf } from './error-codes';

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
}
