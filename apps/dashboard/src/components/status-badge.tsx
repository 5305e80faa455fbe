const LABELS: Record<string, string> = {
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  invalid: 'Invalid',
  duplicate: 'Duplicate',
  revoked: 'Revoked',
  active: 'Active',
  used: 'Used',
  expired: 'Expired',
  pending: 'Pending',
  delivered: 'Delivered',
  enabled: 'Enabled',
  disabled: 'Disabled',
  paused: 'Paused',
  failing: 'Failing',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${status}`}>{LABELS[status] ?? status}</span>;
}
