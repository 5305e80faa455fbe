import { type Db, type SqlTransaction, typedSql, utc } from '@enrich/db';
import { storedCompany } from '@enrich/jobs';
import type { Metrics } from '@enrich/metrics';
import { type CompanyRecord, recordFromStored } from '@enrich/record';
import type { FieldChange } from './change-detection';
import { lockStoredCompany, recordChanges, recordCheckOutcome } from './record-changes.queries';

/**
 * The domain's stored record, its row locked for the rest of the transaction (null when the
 * domain has none yet: its first enrichment, nothing to compare with).
 */
export async function lockStoredRecord(tx: SqlTransaction, domain: string): Promise<CompanyRecord | null> {
  const [row] = await lockStoredCompany.run({ domain }, tx('company-lock'));
  const company = row && storedCompany(row);
  return company ? recordFromStored(company) : null;
}

/**
 * Keeps the changes `jobId`'s refresh found, in the transaction that stores its record, with the
 * company.changed deliveries they owe every team watching the domain; returns their ids, to be
 * queued once it has committed.
 */
export async function keepChanges(
  tx: SqlTransaction,
  found: { domain: string; jobId: string; at: Date },
  changes: readonly FieldChange[],
): Promise<string[]> {
  const [row] = await recordChanges.run(
    {
      domain: found.domain,
      jobId: found.jobId,
      observedAt: utc(found.at),
      changes: JSON.stringify(changes),
      fields: changes.map((change) => change.field),
    },
    tx('company-changes-record'),
  );
  return row?.deliveries ?? [];
}

/** A check's end as its monitor shows it: null when the site was read, else why not. */
export type CheckError = { code: string; message: string } | null;

/**
 * Ends the check of the monitors whose job `jobId` was (how it fared, now), and counts them: the
 * one write of a check's outcome, whichever way the job ended (finalize's completion, failJob).
 */
export async function endMonitorChecks(db: Db, jobId: string, error: CheckError, metrics: Metrics | undefined): Promise<void> {
  const checked = await recordCheckOutcome.run(
    { jobId, at: utc(new Date()), errorCode: error?.code ?? null, errorMessage: error?.message.slice(0, 1000) ?? null },
    typedSql(db, 'monitor-check-outcome'),
  );
  if (checked.length > 0) metrics?.monitorChecks.labels(error ? 'failing' : 'ok').inc(checked.length);
}
