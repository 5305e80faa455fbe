// Display formatting shared by the pages; every function takes API values as they arrive
// (ISO strings, possibly null) and returns text.

const numberFormat = new Intl.NumberFormat('en-US');

export function formatNumber(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? numberFormat.format(value) : '—';
}

/** 12 of 100 → "12%", clamped to 0–100; an unknown or zero total gives 0. */
export function percent(part: number, total: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((part / total) * 100)));
}

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "23 Nov 2026, 14:05 UTC" — dates are shown in UTC, as the API and quotas count them. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return '—';
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

/** "23 Nov" for a calendar date ("2026-11-23") or a timestamp. */
export function formatShortDate(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return '—';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** "just now", "5 min ago", "3 h ago", "2 days ago", or the date past a week. */
export function formatRelative(value: string | null | undefined, now: Date = new Date()): string {
  const date = parseDate(value);
  if (!date) return '—';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days <= 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return formatShortDate(value);
}

/** Seconds to wait, as a person reads it: "45 s", "2 min", "1 h 5 min". */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** "employeeCount" → "Employee count"; "socialProfiles.linkedin" → "LinkedIn". */
export function fieldLabel(key: string): string {
  const known: Record<string, string> = {
    b2bMatch: 'B2B match',
    logoUrl: 'Logo',
    foundedYear: 'Founded',
    employeeCount: 'Employees',
    businessStage: 'Business stage',
    fundingStatus: 'Funding',
    'socialProfiles.linkedin': 'LinkedIn',
    'socialProfiles.github': 'GitHub',
    'socialProfiles.youtube': 'YouTube',
    'socialProfiles.twitter': 'Twitter / X',
  };
  if (known[key]) return known[key];
  const last = key.includes('.') ? key.slice(key.lastIndexOf('.') + 1) : key;
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
