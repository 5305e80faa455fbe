import { fieldLabel, formatDateTime, formatNumber, formatRelative, formatShortDate, formatWait, percent } from './format';

describe('formatting', () => {
  it('formats numbers with separators and a dash for nothing', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
  });

  it('computes a clamped whole percent', () => {
    expect(percent(12, 100)).toBe(12);
    expect(percent(1, 3)).toBe(33);
    expect(percent(5, 0)).toBe(0);
    expect(percent(150, 100)).toBe(100);
    expect(percent(-1, 100)).toBe(0);
  });

  it('shows timestamps in UTC', () => {
    expect(formatDateTime('2026-11-23T14:05:09.000Z')).toBe('23 Nov 2026, 14:05 UTC');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatShortDate('2026-11-01')).toBe('1 Nov');
  });

  it('says how long ago', () => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    expect(formatRelative('2026-11-23T11:59:50.000Z', now)).toBe('just now');
    expect(formatRelative('2026-11-23T11:55:00.000Z', now)).toBe('5 min ago');
    expect(formatRelative('2026-11-23T09:00:00.000Z', now)).toBe('3 h ago');
    expect(formatRelative('2026-11-22T12:00:00.000Z', now)).toBe('1 day ago');
    expect(formatRelative('2026-11-01T12:00:00.000Z', now)).toBe('1 Nov');
    expect(formatRelative(undefined, now)).toBe('—');
  });

  it('says how long to wait', () => {
    expect(formatWait(0)).toBe('0 s');
    expect(formatWait(44.2)).toBe('45 s');
    expect(formatWait(90)).toBe('2 min');
    expect(formatWait(3900)).toBe('1 h 5 min');
    expect(formatWait(7200)).toBe('2 h');
  });

  it('labels record fields', () => {
    expect(fieldLabel('employeeCount')).toBe('Employees');
    expect(fieldLabel('description')).toBe('Description');
    expect(fieldLabel('socialProfiles.linkedin')).toBe('LinkedIn');
    expect(fieldLabel('socialProfiles.crunchbase')).toBe('Crunchbase');
    expect(fieldLabel('someNewField')).toBe('Some new field');
  });
});
