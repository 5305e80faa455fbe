import { emptyCompanyFacts } from '../extract/extract-company-facts';
import { mergePageFacts } from './merge-page-facts';

const at = (url: string, method: 'domain-label' | 'og:site_name' | 'first-paragraph' | 'meta-description', value: string) => ({
  value,
  url,
  method,
});

/** The homepage's and the about page's facts, each with a name (and a description, when given). */
function site(home: [Fact, Fact | null], about: [Fact, Fact | null]) {
  const facts = ([name, description]: [Fact, Fact | null]) => ({ ...emptyCompanyFacts(), name, description });
  return mergePageFacts([
    { kind: 'home', facts: facts(home) },
    { kind: 'about', facts: facts(about) },
  ]);
}
type Fact = ReturnType<typeof at>;

describe('mergePageFacts', () => {
  it('takes a name or description stated on another page before a fallback on the homepage', () => {
    const home: [Fact, Fact] = [
      at('https://acme.com/', 'domain-label', 'Acme'),
      at('https://acme.com/', 'first-paragraph', 'Acme is a maker of widgets, told in a paragraph of its homepage.'),
    ];
    const about: [Fact, Fact] = [
      at('https://acme.com/about', 'og:site_name', 'Acme Widget Works'),
      at('https://acme.com/about', 'meta-description', 'Acme Widget Works makes widgets for bakeries.'),
    ];
    const merged = site(home, about);
    expect([merged.name, merged.description]).toEqual(about);
  });

  it('keeps the homepage’s fallback when no page states better, and the homepage first among equals', () => {
    const home: [Fact, null] = [at('https://acme.com/', 'domain-label', 'Acme'), null];
    const about: [Fact, Fact] = [
      at('https://acme.com/about', 'domain-label', 'Acme'),
      at('https://acme.com/about', 'first-paragraph', 'We are a small team making widgets for bakeries across Europe.'),
    ];
    const merged = site(home, about);
    expect([merged.name, merged.description]).toEqual([home[0], about[1]]);
  });
});
