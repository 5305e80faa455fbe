import { AppError, decodeQueuedError, encodeErrorForQueue, ErrorCode, httpStatusOf } from './index';

describe('error catalogue', () => {
  it('maps every code to a 4xx or 5xx status', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(httpStatusOf[code]).toBeGreaterThanOrEqual(400);
      expect(httpStatusOf[code]).toBeLessThan(600);
    }
  });

  it('carries its code through a queue message and back', () => {
    const error = new AppError(ErrorCode.SCRAPE_FAILED, 'site kept failing', { retryable: true });
    expect(decodeQueuedError(encodeErrorForQueue(error))).toEqual({
      code: 'SCRAPE_FAILED',
      message: 'site kept failing',
      retryable: true,
    });
  });

  it('refuses messages that are not encoded errors or name unknown codes', () => {
    expect(decodeQueuedError('plain failure')).toBeUndefined();
    expect(decodeQueuedError(undefined)).toBeUndefined();
    expect(decodeQueuedError('AppError:{"code":"NOPE","message":"x"}')).toBeUndefined();
    expect(decodeQueuedError('AppError:{not json')).toBeUndefined();
  });

  it('gives the status of its code', () => {
    expect(new AppError(ErrorCode.JOB_NOT_FOUND, 'x').status).toBe(404);
  });
});
