import { namedParams } from './named-params';

describe('namedParams', () => {
  const p = namedParams('teamId', 'month', 'quota');

  it('numbers each name by its place', () => {
    expect(p.ref).toEqual({ teamId: '$1', month: '$2', quota: '$3' });
  });

  it('lists the values in the same order, whatever order they are given in', () => {
    expect(p.values({ quota: null, month: '2026-11-01', teamId: 'team_1' })).toEqual(['team_1', '2026-11-01', null]);
  });
});
