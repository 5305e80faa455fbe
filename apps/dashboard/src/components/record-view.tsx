import type { ReactNode } from 'react';
import { SCALAR_FIELDS } from '../api/record-fields';
import type { CompanyRecord, FieldSource } from '../api/types';
import { fieldLabel, formatDateTime } from '../lib/format';
import { safeHref } from '../lib/safe-link';
import { SafeLink } from './safe-link';

// The full company record: every field with its value (as text; URLs are links only when
// http(s)) and, beside it, where the value came from (fieldSources). Shared by the Enrich
// page, batch items and the company page.

const URL_FIELDS = new Set(['logoUrl']);

function Confidence({ value }: { value: number }) {
  const level = value >= 70 ? 'high' : value >= 40 ? 'medium' : 'low';
  return (
    <div className="confidence">
      <span className={`confidence-value confidence-${level}`}>{value}</span>
      <meter className="confidence-meter" min={0} max={100} low={40} high={70} optimum={100} value={value} aria-label="Confidence">
        {value} of 100
      </meter>
      <span className="confidence-caption">confidence of 100</span>
    </div>
  );
}

function Provenance({ source }: { source: FieldSource | undefined }) {
  if (!source) return <span className="muted">—</span>;
  const agreement =
    source.agreedBy.length || source.disagreedBy.length ? (
      <>
        {source.agreedBy.length ? <span className="agree">agreed by {source.agreedBy.join(', ')}</span> : null}
        {source.disagreedBy.length ? <span className="disagree">disputed by {source.disagreedBy.join(', ')}</span> : null}
      </>
    ) : (
      <span className="muted">no other source</span>
    );
  return (
    <div className="provenance">
      <div className="provenance-line">
        <span className={`source-tag source-${source.source}`}>{source.source}</span>
        <span className="method">{source.method}</span>
        <span className={source.inferred ? 'inferred' : 'observed'}>{source.inferred ? 'inferred' : 'observed'}</span>
        {source.confidence === null ? null : <span className="field-confidence">confidence {source.confidence}</span>}
      </div>
      <div className="provenance-line provenance-url">
        {safeHref(source.url) ? <SafeLink value={source.url} /> : <span className="muted">{source.url}</span>}
      </div>
      <div className="provenance-line provenance-meta">
        <span>{formatDateTime(source.observedAt)}</span>
        {agreement}
      </div>
    </div>
  );
}

function Value({ field, value }: { field: string; value: unknown }): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="muted">Not found</span>;
  if (URL_FIELDS.has(field) && typeof value === 'string') return <SafeLink value={value} />;
  if (field === 'email' && typeof value === 'string') return <span className="mono">{value}</span>;
  return <span>{String(value)}</span>;
}

interface Row {
  key: string;
  value: ReactNode;
}

function FieldTable({
  caption,
  rows,
  record,
  hideCaption = false,
}: {
  caption: string;
  rows: Row[];
  record: CompanyRecord;
  hideCaption?: boolean;
}) {
  return (
    <table className="table field-table">
      <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Value</th>
          <th scope="col">Provenance</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{fieldLabel(row.key)}</th>
            <td className="field-value">{row.value}</td>
            <td>
              <Provenance source={record.fieldSources[row.key]} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function List({ items }: { items: string[] }) {
  if (items.length === 0) return <span className="muted">None found</span>;
  return (
    <ul className="chips">
      {items.map((item) => (
        <li key={item} className="chip">
          {item}
        </li>
      ))}
    </ul>
  );
}

export function RecordView({ record, headingLevel = 2 }: { record: CompanyRecord; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const scalarRows: Row[] = [
    ...SCALAR_FIELDS.filter((field) => field !== 'name').map((field) => ({
      key: field,
      value: <Value field={field} value={record[field]} />,
    })),
    { key: 'foundedYear', value: <Value field="foundedYear" value={record.foundedYear} /> },
  ];
  const socialRows: Row[] = Object.entries(record.socialProfiles).flatMap(([network, url]) =>
    url ? [{ key: `socialProfiles.${network}`, value: <SafeLink value={url} /> }] : [],
  );
  const website = safeHref(`https://${record.domain}/`);
  return (
    <article className="record" aria-label={`Company record of ${record.domain}`}>
      <header className="record-header">
        <div>
          <H className="record-name">{record.name ?? record.domain}</H>
          <p className="record-domain">
            {website ? <SafeLink value={website}>{record.domain}</SafeLink> : record.domain}
            {record.industry ? <span> · {record.industry}</span> : null}
            {record.location ? <span> · {record.location}</span> : null}
          </p>
          <p className="record-sources">
            <span className="muted">Sources:</span>{' '}
            {record.sources.length ? (
              record.sources.map((source) => (
                <span key={source} className={`source-tag source-${source}`}>
                  {source}
                </span>
              ))
            ) : (
              <span className="muted">none — the site could not be read</span>
            )}
          </p>
        </div>
        <Confidence value={record.confidence} />
      </header>

      <FieldTable
        caption="Firmographics"
        record={record}
        rows={[{ key: 'name', value: <Value field="name" value={record.name} /> }, ...scalarRows]}
      />

      <section className="record-section" aria-labelledby={`social-${record.domain}`}>
        <h3 id={`social-${record.domain}`}>Social profiles</h3>
        {socialRows.length ? (
          <FieldTable caption="Social profiles" rows={socialRows} record={record} hideCaption />
        ) : (
          <p className="muted">No social profiles found.</p>
        )}
      </section>

      <section className="record-section" aria-labelledby={`tech-${record.domain}`}>
        <h3 id={`tech-${record.domain}`}>Technologies</h3>
        <List items={record.technologies} />
        {record.fieldSources.technologies ? <Provenance source={record.fieldSources.technologies} /> : null}
      </section>

      {record.insights ? (
        <section className="record-section" aria-labelledby={`insights-${record.domain}`}>
          <h3 id={`insights-${record.domain}`}>Insights</h3>
          <dl className="definition">
            <dt>Offering</dt>
            <dd>{record.insights.offering ?? <span className="muted">Unclear</span>}</dd>
            <dt>Customer type</dt>
            <dd>{record.insights.targetMarket.customerType?.toUpperCase() ?? <span className="muted">Unclear</span>}</dd>
            <dt>Customer industries</dt>
            <dd>
              <List items={record.insights.targetMarket.industries} />
            </dd>
            <dt>Customer sizes</dt>
            <dd>
              <List items={record.insights.targetMarket.companySizes} />
            </dd>
            <dt>Key products</dt>
            <dd>
              <List items={record.insights.keyProducts} />
            </dd>
            <dt>Notable customers</dt>
            <dd>
              <List items={record.insights.notableCustomers} />
            </dd>
          </dl>
          <Provenance source={record.fieldSources.insights} />
        </section>
      ) : null}

      {record.b2bMatch ? (
        <section className="record-section" aria-labelledby={`b2b-${record.domain}`}>
          <h3 id={`b2b-${record.domain}`}>B2B match</h3>
          <p className="b2b-score">
            <strong>{record.b2bMatch.score}</strong> <span className="muted">of 100</span>
          </p>
          <ul className="reasons">
            {record.b2bMatch.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <Provenance source={record.fieldSources.b2bMatch} />
        </section>
      ) : null}
    </article>
  );
}
