import { formatNumber } from '../lib/format';

export function PageControls({
  page,
  totalPages,
  total,
  onPage,
  label,
}: {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (total === 0) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="button button-secondary button-small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span className="pagination-status" aria-live="polite">
        Page {formatNumber(page)} of {formatNumber(Math.max(totalPages, 1))} · {formatNumber(total)} in all
      </span>
      <button type="button" className="button button-secondary button-small" onClick={() => onPage(page + 1)} disabled={page >= totalPages}>
        Next
      </button>
    </nav>
  );
}
