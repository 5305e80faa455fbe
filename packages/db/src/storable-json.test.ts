import { isStorableText, jsonText, MAX_STORED_TEXT, storableJson, storableText } from './storable-json';

describe('storableText', () => {
  it.each([
    ['a\u0000b', 'a\ufffdb'],
    ['\udfff', '\ufffd'],
    ['\ud800x', '\ufffdx'],
    ['x\ud800', 'x\ufffd'],
    ['\udc00\ud800', '\ufffd\ufffd'],
    ['😀 acme.com', '😀 acme.com'],
    ['acme.com', 'acme.com'],
  ])('%j → %j', (input, expected) => {
    expect(storableText(input)).toBe(expected);
    expect(isStorableText(input)).toBe(input === expected);
  });
});

describe('storableJson', () => {
  it('keeps strings, numbers, booleans and null', () => {
    expect([storableJson('x.com'), storableJson(42), storableJson(true), storableJson(null)]).toEqual(['x.com', 42, true, null]);
  });

  it('makes strings storable', () => {
    expect(storableJson('a\u0000\udfff')).toBe('a\ufffd\ufffd');
  });

  it('keeps arrays and objects as their JSON text, storable', () => {
    expect(storableJson({ domain: 'x.com' })).toBe('{"domain":"x.com"}');
    expect(storableJson(['a.com', 1])).toBe('["a.com",1]');
    // JSON text writes U+0000 and lone surrogates as escapes: storable, and exactly what was sent.
    expect(storableJson({ 'k\u0000': ['\udfff'] })).toBe('{"k\\u0000":["\\udfff"]}');
  });

  it('never hands Prisma an object it would read as its own value', () => {
    for (const text of [
      '{"$type": "DateTime", "value": "x"}',
      '{"__proto__": null}',
      '{"toStringTag": "[object Decimal]"}',
      '{"__prismaRawParameters__": true, "values": "[1]"}',
    ]) {
      expect(storableJson(JSON.parse(text))).toBe(JSON.stringify(JSON.parse(text)));
    }
  });

  it('cuts what is long or nested deep, without recursing through it', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(storableJson(deep)).toBe(`${'['.repeat(MAX_STORED_TEXT)}…`);
    expect(storableJson(['x'.repeat(1_000)])).toHaveLength(MAX_STORED_TEXT + 1);
  });

  it('stores numbers that are not finite as null', () => {
    expect([storableJson(Number.POSITIVE_INFINITY), storableJson(Number.NaN)]).toEqual([null, null]);
  });
});

describe('jsonText', () => {
  it('is JSON.stringify when short enough', () => {
    const value = { a: [1, 'two', null, { b: false }], 'c"d': '\u0000' };
    expect(jsonText(value, 1000)).toBe(JSON.stringify(value));
  });

  it('cuts long text', () => {
    expect(jsonText(['x'.repeat(50)], 10)).toBe(`["xxxxxxxx…`);
  });
});
