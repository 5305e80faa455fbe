import { valuesAgree } from './value-agreement';

describe('valuesAgree', () => {
  it.each([
    ['name', 'Acme Inc.', 'ACME', true],
    ['name', 'Audiense Ltd', 'Audiense', true],
    ['name', 'Acme', 'Globex', false],
    ['employeeCount', '51-200', '51-200', true],
    ['employeeCount', '120', '51-200', true],
    ['employeeCount', '10001+', '5001-10000', false],
    ['employeeCount', '10001+', '20000-50000', true],
    ['location', 'London, GB', 'London, England, United Kingdom', true],
    ['location', 'Paris, FR', 'London, GB', false],
    ['industry', 'Advertising Services', 'Advertising', true],
    ['industry', 'Software Development', 'Logistics and Supply Chain', false],
    ['foundedYear', 2011, 2011, true],
    ['foundedYear', 2011, 2012, false],
    ['social', 'https://www.linkedin.com/company/acme/', 'https://linkedin.com/company/acme', true],
    ['social', 'https://www.linkedin.com/school/acme-university/', 'https://www.linkedin.com/company/acme-university', true],
    ['social', 'https://uk.linkedin.com/showcase/Acme-Cloud/about/?trk=x', 'https://www.linkedin.com/company/acme-cloud', true],
    ['social', 'https://www.linkedin.com/school/acme-university', 'https://www.linkedin.com/company/acme', false],
    ['social', 'https://x.com/acme', 'https://x.com/Acme/', true],
    ['logoUrl', 'https://www.acme.com/logo.png', 'http://acme.com/logo.png/', true],
  ] as const)('%s: %s vs %s → %s', (field, a, b, expected) => {
    expect(valuesAgree(field, a, b)).toBe(expected);
  });

  it('never compares free-text descriptions', () => {
    expect(valuesAgree('description', 'a', 'a')).toBeUndefined();
  });
});
