import { corpusPage, qualityCorpus } from '@enrich/testkit';
import { canonicalHref, hasClass, parseHtml } from './parse-html';

// The element lists stand in for selector queries: on real pages they must hold exactly what the
// selectors find, in the same order.
const pages = qualityCorpus().map((entry) => entry.label.page);

describe('parseHtml elements', () => {
  it.each(pages)('%s: every list equals its selector', (page) => {
    const $ = parseHtml(corpusPage(page));
    expect($.elements()).toEqual($('*').toArray());
    for (const name of ['meta', 'script', 'a', 'img', 'link', 'title', 'address', 'dt', 'base', 'nonexistent']) {
      expect($.elements(name)).toEqual($(name).toArray());
    }
  });

  it('lists elements in document order, nested ones after their parent', () => {
    const $ = parseHtml('<div id="a"><p id="b"><a id="c" href="/x">x</a></p><a id="d"></a></div><a id="e"></a>');
    expect($.elements().map((el) => el.attribs.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect($.elements('a').map((el) => el.attribs.id)).toEqual(['c', 'd', 'e']);
    expect($.elements('A')).toEqual([]);
  });

  it('keeps each parse to its own page', () => {
    const one = parseHtml('<meta name="a" content="1">');
    const two = parseHtml('<meta name="b" content="2"><meta name="c" content="3">');
    expect(one.elements('meta').map((el) => el.attribs.name)).toEqual(['a']);
    expect(two.elements('meta').map((el) => el.attribs.name)).toEqual(['b', 'c']);
  });

  it('reads classes and the canonical link like their selectors', () => {
    const $ = parseHtml(
      '<link rel="canonical stylesheet" href="/no"><link rel="canonical" href="/yes"><b class="x  top-card-layout y">t</b>',
    );
    expect(canonicalHref($)).toBe($('link[rel="canonical"]').attr('href'));
    expect($.elements().filter((el) => hasClass(el, 'top-card-layout'))).toEqual($('.top-card-layout').toArray());
  });
});
