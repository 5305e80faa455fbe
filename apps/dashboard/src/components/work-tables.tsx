import { Link } from 'react-router';
import type { BatchSummary, JobSummary } from '../api/types';
import { formatNumber, formatRelative } from '../lib/format';
import { StatusBadge } from './status-badge';

// The team's single enrichments and batches as lists (overview, Enrich and Bulk pages).

export function JobsTable({ jobs, caption }: { jobs: JobSummary[]; caption: string }) {
  return (
    <table className="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Domain</th>
          <th scope="col">Status</th>
          <th scope="col">Started</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.jobId}>
            <td>
              <Link to={`/enrich/${job.jobId}`}>{job.domain}</Link>
            </td>
            <td>
              <StatusBadge status={job.status} />
            </td>
            <td>{formatRelative(job.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `detailed`: a column each for companies, completed and failed; otherwise one "done" column. */
export function BatchesTable({ batches, caption, detailed = false }: { batches: BatchSummary[]; caption: string; detailed?: boolean }) {
  return (
    <table className="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Batch</th>
          <th scope="col">Status</th>
          {detailed ? (
            <>
              <th scope="col" className="num">
                Companies
              </th>
              <th scope="col" className="num">
                Completed
              </th>
              <th scope="col" className="num">
                Failed
              </th>
            </>
          ) : (
            <th scope="col" className="num">
              Done
            </th>
          )}
          <th scope="col">Started</th>
        </tr>
      </thead>
      <tbody>
        {batches.map((batch) => (
          <tr key={batch.batchId}>
            <td>
              <Link to={`/bulk/${batch.batchId}`} className="mono">
                {batch.batchId}
              </Link>
            </td>
            <td>
              <StatusBadge status={batch.status} />
            </td>
            {detailed ? (
              <>
                <td className="num">{formatNumber(batch.total)}</td>
                <td className="num">{formatNumber(batch.completed)}</td>
                <td className="num">{formatNumber(batch.failed)}</td>
              </>
            ) : (
              <td className="num">
                {formatNumber(batch.completed + batch.failed)} / {formatNumber(batch.total)}
              </td>
            )}
            <td>{formatRelative(batch.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
