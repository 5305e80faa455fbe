import { AppError, ErrorCode, httpStatusOf } from './index';

describe('error catalogue', () => {
  it('maps every code to a 4xx or 5xx status', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(httpStatusOf[code]).toBeGreaterThanOrEqual(400);
      expect(httpStatusOf[code]).toBeLessThan(600);
    }
  });

  it('gives the status of its code', () => {
    expect(new AppError(ErrorCode.JOB_NOT_FOUND, 'x').status).toBe(404);
  });
});
