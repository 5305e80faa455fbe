import { parseJsonLd, parseJsonLoosely, resolve, typesOf } from './json-ld';
import { pickOrganization } from './organization';
import { parseHtml } from './parse-html';

const doc = (...blocks: string[]) => parseJsonLd(parseHtml(blocks.map((b) => `<script type="application/ld+json">${b}</script>`).join('')));

describe('parseJsonLoosely', () => {
  it('repairs the usual CMS breakage', () => {
    expect(parseJsonLoosely('<!-- {"a": 1} -->')).toEqual({ a: 1 });
    expect(parseJsonLoosely('//<![CDATA[\n{"a": 1}\n//]]>')).toEqual({ a: 1 });
    expect(parseJsonLoosely('{"a": "line one\nline two"}')).toEqual({ a: 'line one line two' });
    expect(parseJsonLoosely('{"a": [1, 2,], }')).toEqual({ a: [1, 2] });
    expect(parseJsonLoosely('{"a": 1};')).toEqual({ a: 1 });
  });
  it('gives up quietly on garbage', () => {
    expect(parseJsonLoosely('{ "name": ')).toBeUndefined();
    expect(parseJsonLoosely('')).toBeUndefined();
  });
});

describe('parseJsonLd', () => {
  it('flattens arrays, @graph and nested nodes, skipping invalid blocks', () => {
    const parsed = doc(
      '[{"@type": "WebSite", "name": "Site"}, {"@type": "Organization", "name": "A"}]',
      '{"@context": "https://schema.org", "@graph": [{"@type": "http://schema.org/Corporation", "@id": "#org", "name": "B"}]}',
      '{ broken',
      '{"@type": "WebPage", "publisher": {"@type": "Organization", "name": "C"}}',
    );
    const summary = parsed.nodes.map((n) => [typesOf(n.node)[0], n.node.name ?? null, n.topLevel, n.parentKey]);
    expect(summary).toEqual([
      ['WebSite', 'Site', true, null],
      ['Organization', 'A', true, null],
      ['Corporation', 'B', true, null],
      ['WebPage', null, true, null],
      ['Organization', 'C', false, 'publisher'],
    ]);
    expect(resolve({ '@id': '#org' }, parsed)).toMatchObject({ name: 'B' });
  });

  it('accepts a type attribute with parameters and ignores other scripts', () => {
    const $ = parseHtml(
      '<script type="Application/LD+JSON; charset=utf-8">{"@type":"NGO","name":"N"}</script><script>{"@type":"Organization"}</script>',
    );
    expect(parseJsonLd($).nodes.map((n) => n.node.name)).toEqual(['N']);
  });
});

describe('pickOrganization', () => {
  it('prefers a top-level organisation on the company domain over others', () => {
    const parsed = doc(
      '{"@type": "Organization", "name": "Partner", "url": "https://partner.io"}',
      '{"@type": "Organization", "name": "Acme", "url": "https://www.acme.com/", "sameAs": []}',
      '{"@type": "Review", "author": {"@type": "Organization", "name": "Reviewer Inc"}}',
    );
    const ctx = pickOrganization(parsed, 'acme.com');
    expect(ctx.org?.name).toBe('Acme');
    expect(ctx.nested).toBe(false);
  });

  it('falls back to a WebSite publisher, flagged as nested; a review author is never the owner', () => {
    const ctx = pickOrganization(doc('{"@type": "WebSite", "publisher": {"@type": "Organization", "name": "Pub"}}'), 'acme.com');
    expect(ctx.org?.name).toBe('Pub');
    expect(ctx.nested).toBe(true);
    expect(pickOrganization(doc('{"@type": "Review", "author": {"@type": "Organization", "name": "R"}}'), 'acme.com').org).toBeNull();
  });
});
