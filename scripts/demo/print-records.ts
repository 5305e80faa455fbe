import type { BatchItem } from '../support/enrich-client';

// The demo's output: one row per company, columns separated by " │ " (so the demo's test can
// read the rows back), long values cut with an ellipsis.

export const TABLE_COLUMNS = ['domain', 'name', 'industry', 'employees', 'location', 'founded', 'stage', 'confidence', 'sources'] as const;
const MAX_WIDTH: Partial<Record<(typeof TABLE_COLUMNS)[number], number>> = { name: 24, industry: 30, location: 30 };
export const COLUMN_SEPARATOR = ' │ ';

const cut = (text: string, max: number | undefined): string => (max && text.length > max ? `${text.slice(0, max - 1)}…` : text);

function row(item: BatchItem): string[] {
  const d = item.data;
  if (!d) return [item.domain, item.status === 'failed' ? `FAILED: ${item.error?.code ?? ''}` : item.status, '', '', '', '', '', '', ''];
  const show = (value: unknown) => (value === null || value === undefined ? '—' : String(value));
  return [
    item.domain,
    show(d.name),
    show(d.industry),
    show(d.employeeCount),
    show(d.location),
    show(d.foundedYear),
    show(d.businessStage),
    String(d.confidence),
    d.sources.join(', ') || '—',
  ];
}

export function recordsTable(items: BatchItem[]): string {
  const rows = [TABLE_COLUMNS.map(String), ...items.map(row)].map((cells) =>
    cells.map((cell, i) => cut(cell, MAX_WIDTH[TABLE_COLUMNS[i]!])),
  );
  const widths = TABLE_COLUMNS.map((_, i) => Math.max(...rows.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join(COLUMN_SEPARATOR)
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('─┼─');
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}
