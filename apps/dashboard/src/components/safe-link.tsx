import { safeHref } from '../lib/safe-link';

/** A scraped URL: a link only when it is http(s), otherwise plain text. Opens outside the dashboard. */
export function SafeLink({ value, children }: { value: string; children?: string }) {
  const href = safeHref(value);
  if (!href) return <span className="unsafe-url">{children ?? value}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="external">
      {children ?? value}
    </a>
  );
}
