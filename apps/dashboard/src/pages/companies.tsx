import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, type SearchParams } from '../api/endpoints';
import { BUSINESS_STAGES } from '../api/record-fields';
import { PageHeader } from '../components/layout';
import { PageControls } from '../components/pagination';
import { Empty, ErrorNotice, Loading } from '../components/states';
import { formatNumber, formatRelative } from '../lib/format';

const FILTER_NAMES = ['q', 'industry', 'businessStage', 'location', 'minConfidence'] as const;
const PAGE_SIZES = [10, 25, 50];

/** The search lives in the address, so a search can be shared, reloaded and gone back to. */
function searchFromParams(params: URLSearchParams): SearchParams {
  const out: SearchParams = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) out[name] = value;
  }
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  out.page = Number.isInteger(page) && page >= 1 ? page : 1;
  out.limit = PAGE_SIZES.includes(limit) ? limit : 25;
  return out;
}

export function CompaniesPage() {
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const [draft, setDraft] = useState<Record<(typeof FILTER_NAMES)[number], string>>(() => ({
    q: search.q ?? '',
    industry: search.industry ?? '',
    businessStage: search.businessStage ?? '',
    location: search.location ?? '',
    minConfidence: search.minConfidence ?? '',
  }));
  const results = useQuery({
    queryKey: ['companies', search],
    queryFn: () => api.searchCompanies(search),
    placeholderData: keepPreviousData,
  });
  const apply = (next: SearchParams) => {
    const out = new URLSearchParams();
    for (const [name, value] of Object.entries(next)) if (value !== undefined && value !== '') out.set(name, String(value));
    setParams(out);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...draft, page: 1, limit: search.limit });
  };
  const clear = () => {
    setDraft({ q: '', industry: '', businessStage: '', location: '', minConfidence: '' });
    apply({ limit: search.limit });
  };
  const set = (name: (typeof FILTER_NAMES)[number]) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: e.target.value }));
  const filtered = FILTER_NAMES.some((name) => search[name]);
  return (
    <>
      <PageHeader title="Companies" description="Every company your team has enriched, searchable." />
      <section className="panel" aria-labelledby="search-title">
        <h2 id="search-title" className="visually-hidden">
          Search companies
        </h2>
        <form className="form search-form" onSubmit={submit}>
          <div className="field field-grow">
            <label htmlFor="search-q">Search</label>
            <input
              id="search-q"
              type="search"
              maxLength={200}
              placeholder="Name, domain, industry, location…"
              value={draft.q}
              onChange={set('q')}
            />
          </div>
          <div className="field">
            <label htmlFor="search-industry">Industry</label>
            <input id="search-industry" type="text" maxLength={100} value={draft.industry} onChange={set('industry')} />
          </div>
          <div className="field">
            <label htmlFor="search-stage">Stage</label>
            <select id="search-stage" value={draft.businessStage} onChange={set('businessStage')}>
              <option value="">Any</option>
              {BUSINESS_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {stage}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="search-location">Location</label>
            <input id="search-location" type="text" maxLength={100} value={draft.location} onChange={set('location')} />
          </div>
          <div className="field field-narrow">
            <label htmlFor="search-confidence">Min. confidence</label>
            <input
              id="search-confidence"
              type="number"
              min={0}
              max={100}
              step={1}
              value={draft.minConfidence}
              onChange={set('minConfidence')}
            />
          </div>
          <div className="form-buttons">
            <button type="submit" className="button button-primary">
              Search
            </button>
            {filtered ? (
              <button type="button" className="button button-secondary" onClick={clear}>
                Clear
              </button>
            ) : null}
          </div>
        </form>
      </section>
      <section className="panel" aria-labelledby="results-title" aria-busy={results.isFetching}>
        <div className="panel-header">
          <h2 id="results-title">{results.data ? `${formatNumber(results.data.pagination.total)} companies` : 'Results'}</h2>
          <div className="field field-inline">
            <label htmlFor="page-size">Per page</label>
            <select id="page-size" value={search.limit} onChange={(e) => apply({ ...search, page: 1, limit: Number(e.target.value) })}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        </div>
        {results.isPending ? <Loading label="Searching…" /> : null}
        {results.isError ? <ErrorNotice error={results.error} title="The search failed" onRetry={() => results.refetch()} /> : null}
        {results.data && results.data.results.length === 0 ? (
          <Empty title={filtered ? 'No company matches this search.' : 'No companies yet.'}>
            {filtered ? 'Try fewer words or other filters.' : <Link to="/enrich">Enrich your first company</Link>}
          </Empty>
        ) : null}
        {results.data && results.data.results.length > 0 ? (
          <>
            <table className="table" data-testid="companies-table">
              <caption className="visually-hidden">Companies</caption>
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">Industry</th>
                  <th scope="col">Location</th>
                  <th scope="col">Stage</th>
                  <th scope="col" className="num">
                    Confidence
                  </th>
                  <th scope="col">Enriched</th>
                </tr>
              </thead>
              <tbody>
                {results.data.results.map((company) => (
                  <tr key={company.domain}>
                    <td>
                      <Link to={`/companies/${encodeURIComponent(company.domain)}`} state={{ record: company }}>
                        {company.name ?? company.domain}
                      </Link>
                      <div className="muted small">{company.domain}</div>
                    </td>
                    <td>{company.industry ?? <span className="muted">—</span>}</td>
                    <td>{company.location ?? <span className="muted">—</span>}</td>
                    <td>{company.businessStage ?? <span className="muted">—</span>}</td>
                    <td className="num">{company.confidence}</td>
                    <td>{formatRelative(company.enrichedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <PageControls
              page={results.data.pagination.page}
              totalPages={results.data.pagination.totalPages}
              total={results.data.pagination.total}
              onPage={(page) => apply({ ...search, page })}
              label="Companies pages"
            />
          </>
        ) : null}
      </section>
    </>
  );
}
