import { employeeRange, parseCount } from './counts';

describe('employeeRange', () => {
  it.each([
    ['1 employee', '1-1'],
    ['Myself Only', '1-1'],
    ['0-1 employees', '0-1'],
    ['2-10 employees', '2-10'],
    ['11-50', '11-50'],
    ['51-200 employees', '51-200'],
    ['201-500 employees', '201-500'],
    ['501-1,000 employees', '501-1000'],
    ['1,001 – 5,000 employees', '1001-5000'],
    ['5,001-10,000 employees', '5001-10000'],
    // Open-ended top band: no upper bound is invented.
    ['10,001+ employees', '10001+'],
    ['  51-200\n employees ', '51-200'],
    ['200-51 employees', null],
    ['Self-employed', '1-1'],
    ['many', null],
    ['', null],
    [null, null],
  ])('%j → %j', (label, expected) => {
    expect(employeeRange(label)).toBe(expected);
  });
});

describe('parseCount', () => {
  it.each([
    ['5,750', 5750],
    ['69', 69],
    ['1.2K', 1200],
    ['3M', 3_000_000],
    ['12 345', 12345],
    ['none', null],
    [null, null],
  ])('%j → %j', (text, expected) => {
    expect(parseCount(text)).toBe(expected);
  });
});
