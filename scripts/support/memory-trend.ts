// How a process's memory moves over a long run, from one reading per interval (bench:soak).

export type Point = [x: number, y: number];

/** Least-squares slope of y over x: every point pulls the line, a few outliers included. */
export function leastSquaresSlope(points: Point[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / sxx;
}

/**
 * Theil–Sen slope: the median of the slopes between every two points. V8 now and then hands
 * memory back to the system, and a process's floor dips for a minute or two before it settles
 * where it was; two such dips near one end of the run tilt a least-squares line by more than a
 * leak would, while the median ignores them (up to about 29 % of the points). A leak raises
 * the floor between every two intervals, so it moves the median as much as the mean.
 */
export function theilSenSlope(points: Point[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (xj !== xi) slopes.push((yj - yi) / (xj - xi));
    }
  }
  if (slopes.length === 0) return 0;
  slopes.sort((a, b) => a - b);
  const mid = slopes.length >> 1;
  return slopes.length % 2 === 1 ? slopes[mid]! : (slopes[mid - 1]! + slopes[mid]!) / 2;
}
