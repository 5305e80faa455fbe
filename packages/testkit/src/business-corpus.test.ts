import { businessCorpus, locationHasCity, nameKey, scoreBusinessSite } from './business-corpus';

const site = businessCorpus().find((s) => s.label.domain === 'prepressexpress.co.uk')!;
const record = (fields: Partial<Parameters<typeof scoreBusinessSite>[1] & object>) => ({
  name: null,
  description: null,
  location: null,
  email: null,
  phone: null,
  fieldSources: {},
  ...fields,
});

describe('business corpus scoring', () => {
  it('compares names without case or a legal form at their end', () => {
    expect(nameKey('Larsen & Toubro Limited')).toBe(nameKey('LARSEN & TOUBRO'));
    expect(nameKey('Acme, Inc.')).toBe('acme');
    expect(nameKey('Acme Company')).toBe('acme company');
  });

  it('finds a city only as a place of its own in the location', () => {
    expect(locationHasCity('Cheltenham, United Kingdom', ['Cheltenham'])).toBe(true);
    expect(locationHasCity('North Vancouver, BC, Canada', ['Vancouver'])).toBe(true);
    expect(locationHasCity('Westwarwick, RI', ['Warwick'])).toBe(false);
    expect(locationHasCity(null, ['Warwick'])).toBe(false);
  });

  it('counts a phone right in any format, and a number the site does not show as not its own', () => {
    expect(site.label.phones).toEqual(['1242577104']);
    const right = scoreBusinessSite(site, record({ phone: '+44 (0)1242 577104' }));
    expect([right.phoneRight, right.phoneNotOwn]).toEqual([true, false]);
    const fax = scoreBusinessSite(site, record({ phone: '01242 577105' }));
    expect([fax.phoneRight, fax.phoneNotOwn]).toEqual([false, true]);
    const none = scoreBusinessSite(site, null);
    expect([none.phoneRight, none.phoneNotOwn, none.nameRight]).toEqual([false, false, false]);
  });
});
