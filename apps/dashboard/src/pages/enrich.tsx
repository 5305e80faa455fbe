import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api/endpoints';
import { PageHeader } from '../components/layout';
import { Empty, ErrorNotice, Loading } from '../components/states';
import { JobsTable } from '../components/work-tables';

/** Submits one domain (or refresh) and opens its job page, which follows it live. */
export function useEnrich() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ domain, refresh }: { domain: string; refresh?: boolean }) => api.enrich(domain, refresh),
    onSuccess: (accepted) => {
      void client.invalidateQueries({ queryKey: ['jobs'] });
      void client.invalidateQueries({ queryKey: ['usage'] });
      navigate(`/enrich/${accepted.jobId}`);
    },
  });
}

export function EnrichPage() {
  const [domain, setDomain] = useState('');
  const enrich = useEnrich();
  const jobs = useQuery({ queryKey: ['jobs', 'list'], queryFn: () => api.recentJobs(20) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (domain.trim()) enrich.mutate({ domain: domain.trim() });
  };
  return (
    <>
      <PageHeader title="Enrich a company" description="Type a company's domain or any URL on its site." />
      <section className="panel" aria-labelledby="enrich-form-title">
        <h2 id="enrich-form-title" className="visually-hidden">
          Domain to enrich
        </h2>
        <form className="form form-inline" onSubmit={submit}>
          <div className="field field-grow">
            <label htmlFor="enrich-domain">Domain or URL</label>
            <input
              id="enrich-domain"
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              required
              placeholder="acme.com or https://www.acme.com/about"
              value={domain}
              onChange={(e) => setDomain(e.target.value)}
            />
          </div>
          <button type="submit" className="button button-primary" disabled={enrich.isPending || !domain.trim()}>
            {enrich.isPending ? 'Submitting…' : 'Enrich'}
          </button>
        </form>
        {enrich.isError ? <ErrorNotice error={enrich.error} title="Could not start the enrichment" /> : null}
      </section>
      <section className="panel" aria-labelledby="enrich-history-title">
        <h2 id="enrich-history-title">Recent enrichments</h2>
        {jobs.isPending ? <Loading /> : null}
        {jobs.isError ? <ErrorNotice error={jobs.error} onRetry={() => jobs.refetch()} /> : null}
        {jobs.data && jobs.data.data.length === 0 ? <Empty title="Nothing enriched yet." /> : null}
        {jobs.data && jobs.data.data.length > 0 ? <JobsTable jobs={jobs.data.data} caption="Recent enrichments" /> : null}
      </section>
    </>
  );
}
