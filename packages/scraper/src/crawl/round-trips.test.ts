import { RoundTrips } from './round-trips';

describe('RoundTrips', () => {
  it('adds up requests that wait for one another', () => {
    const trips = new RoundTrips(2);
    const home = trips.add('https://a.test', 0);
    const robots = trips.add('https://a.test', home);
    const sitemap = trips.add('https://a.test', robots);
    expect([home, robots, sitemap, trips.depth]).toEqual([1, 2, 3, 3]);
  });

  it('counts requests side by side as one trip, up to the concurrency per origin', () => {
    const trips = new RoundTrips(2);
    const ends = [1, 2, 3, 4, 5].map(() => trips.add('https://a.test', 2));
    expect(ends).toEqual([3, 3, 4, 4, 5]);
    // Another origin has slots of its own.
    expect(trips.add('https://b.test', 2)).toBe(3);
    expect(trips.depth).toBe(5);
  });

  it('counts a request with redirects as several trips, and holds its slot that long', () => {
    const trips = new RoundTrips(1);
    expect(trips.add('https://a.test', 0, 3)).toBe(3);
    // Ready after trip 1, but the one slot is busy until trip 3.
    expect(trips.add('https://a.test', 1)).toBe(4);
  });
});
