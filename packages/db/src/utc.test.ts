import { utc, utcDate } from './utc';

describe('utcDate', () => {
  const at = new Date('2026-11-27T05:40:47.123Z');

  it('reads the column text and to_json text of a timestamp as UTC', () => {
    expect(utcDate('2026-11-27 05:40:47.123')).toEqual(at);
    expect(utcDate('2026-11-27T05:40:47.123')).toEqual(at);
  });

  it('reads text that names its zone as it says', () => {
    expect(utcDate('2026-11-27T05:40:47.123Z')).toEqual(at);
    expect(utcDate('2026-11-27T07:40:47.123+02:00')).toEqual(at);
    expect(utcDate('2026-11-27 05:40:47.123+00')).toEqual(at);
  });

  it('keeps null', () => {
    expect(utcDate(null)).toBeNull();
  });

  it('reads back what utc() binds', () => {
    expect(utcDate(utc(at))).toEqual(at);
  });
});
