import { leastSquaresSlope, type Point, theilSenSlope } from '../../scripts/support/memory-trend';

// bench:soak judges each process's memory by the slope of its per-minute RSS floors after warm-up.

// Minutes 15–60 of a flat process whose floor V8 lowered at minutes 20 and 21 (as worker-ai's did
// in a 60-minute soak): 155–157 MB throughout, 119 and 127 MB at the dip.
function flatWithDip(): Point[] {
  const points: Point[] = [];
  for (let minute = 15; minute <= 60; minute++) {
    const wobble = ((minute * 7) % 5) / 10; // 0–0.4 MB, no trend
    points.push([minute, minute === 20 ? 119.3 : minute === 21 ? 126.8 : 156 + wobble]);
  }
  return points;
}

describe('memory trend', () => {
  it('reads a flat floor as flat although two early dips tilt a least-squares line past the target', () => {
    const points = flatWithDip();
    expect(leastSquaresSlope(points) * 10).toBeGreaterThan(1);
    expect(Math.abs(theilSenSlope(points) * 10)).toBeLessThan(0.2);
  });

  it('reads a leak of 2 MB per 10 minutes as such, dips and all', () => {
    const points = flatWithDip().map(([minute, mb]): Point => [minute, mb + (minute - 15) * 0.2]);
    expect(theilSenSlope(points) * 10).toBeCloseTo(2, 0);
  });

  it('gives the exact slope of a line and 0 for fewer than two distinct x', () => {
    expect(
      theilSenSlope([
        [0, 1],
        [1, 3],
        [2, 5],
        [3, 7],
      ]),
    ).toBe(2);
    expect(theilSenSlope([[1, 5]])).toBe(0);
    expect(
      theilSenSlope([
        [1, 5],
        [1, 9],
      ]),
    ).toBe(0);
    expect(
      leastSquaresSlope([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBe(2);
  });
});
