import { formatNumber, formatShortDate } from '../lib/format';

// Enrichments per day as plain SVG bars: sizes are SVG attributes, not style, so the page's
// CSP (style-src 'self') holds. The numbers are also given as a table for screen readers.

const WIDTH = 720;
const HEIGHT = 180;
const AXIS = 24;

export function DailyChart({ days }: { days: { date: string; enrichments: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.enrichments));
  const slot = WIDTH / Math.max(days.length, 1);
  const barWidth = Math.max(2, slot * 0.7);
  const plot = HEIGHT - AXIS;
  const total = days.reduce((sum, d) => sum + d.enrichments, 0);
  const labelEvery = Math.ceil(days.length / 6);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="daily-chart-title" className="chart-svg">
        <title id="daily-chart-title">
          Enrichments per day over the last {days.length} days: {formatNumber(total)} in all, at most {formatNumber(max)} in a day
        </title>
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} className="chart-axis" />
        <text x={0} y={12} className="chart-label">
          {formatNumber(max)}
        </text>
        {days.map((day, i) => {
          const height = day.enrichments === 0 ? 0 : Math.max(2, (day.enrichments / max) * (plot - 18));
          const x = i * slot + (slot - barWidth) / 2;
          return (
            <g key={day.date}>
              <rect x={x} y={plot - height} width={barWidth} height={height} rx={2} className="chart-bar">
                <title>{`${formatShortDate(day.date)}: ${formatNumber(day.enrichments)}`}</title>
              </rect>
              {(i % labelEvery === 0 && days.length - 1 - i >= labelEvery / 2) || i === days.length - 1 ? (
                <text
                  x={i === days.length - 1 ? x + barWidth : x + barWidth / 2}
                  y={HEIGHT - 6}
                  textAnchor={i === days.length - 1 ? 'end' : 'middle'}
                  className="chart-label"
                >
                  {formatShortDate(day.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="visually-hidden">
        <table>
          <caption>Enrichments per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Enrichments</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{day.date}</td>
                <td>{day.enrichments}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
