import type { Request, Response } from 'express';
import { apiPrefix } from './api-prefix';

const routed = (url: string): string => {
  const req = { url } as Request;
  let called = 0;
  apiPrefix(req, {} as Response, () => (called += 1));
  expect(called).toBe(1);
  return req.url;
};

describe('apiPrefix', () => {
  it('takes /api off the path, in any case, with or without a query', () => {
    expect(routed('/api/enrich/1')).toBe('/enrich/1');
    expect(routed('/API/Enrich')).toBe('/Enrich');
    expect(routed('/api')).toBe('/');
    expect(routed('/api/')).toBe('/');
    expect(routed('/api?fields=name')).toBe('/?fields=name');
    expect(routed('http://proxy.example/api/enrich?x=1')).toBe('http://proxy.example/enrich?x=1');
  });

  it('leaves every other path alone', () => {
    for (const url of ['/enrich/1', '/apiary', '/dashboard/api/me', '/', '*', 'http://proxy.example/apix']) expect(routed(url)).toBe(url);
  });
});
