import { redisStatement } from './redis-statement';

it("shows a script's sha and keys, and not its arguments (a job's data)", () => {
  expect(redisStatement('evalsha', ['1f01e3bf', '2', '{q}:wait', '{q}:meta', '{"domain":"a.com"}', 'x'])).toBe(
    'evalsha 1f01e3bf 2 {q}:wait {q}:meta [2 other arguments]',
  );
  expect(redisStatement('EVAL', ['return 1', '0'])).toBe('EVAL return 1 0');
});

it("shows another command's first argument (its key) only", () => {
  expect(redisStatement('set', ['session:abc', 'secret-value', 'PX', 1000])).toBe('set session:abc [3 other arguments]');
  expect(redisStatement('get', ['k'])).toBe('get k');
  expect(redisStatement('multi', [])).toBe('multi');
});
