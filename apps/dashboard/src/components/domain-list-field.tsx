import { MAX_BULK_ENTRIES, parsePastedList } from '../lib/domain-list';
import { formatNumber } from '../lib/format';

/**
 * A pasted list of domains or URLs (bulk runs, monitors), with how many entries it holds and,
 * past the limit the API takes at once, that limit.
 */
export function DomainListField(props: {
  id: string;
  rows: number;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** How the limit is said: "at once", "per batch". */
  limitPer: string;
}) {
  const count = parsePastedList(props.value).length;
  return (
    <div className="field">
      <label htmlFor={props.id}>Domains or URLs, one per line (or separated by commas)</label>
      <textarea
        id={props.id}
        rows={props.rows}
        spellCheck={false}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={props.placeholder}
      />
      <p className="hint">
        {formatNumber(count)} {count === 1 ? 'entry' : 'entries'}
        {count > MAX_BULK_ENTRIES ? ` — at most ${formatNumber(MAX_BULK_ENTRIES)} ${props.limitPer}` : ''}
      </p>
    </div>
  );
}
