import { PLAN_MONITORS } from '@enrich/api-keys';
import { type Db, newId, type Plan, typedSql, utc } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { intervalMs, intervalsFrom, type MonitorInterval, monitorPhase, nextCheckAt } from '@enrich/jobs';
import type { SourceName } from '@enrich/record';
import { cursorPage } from '../schemas/cursor';
import {
  createMonitors as createMonitorsRow,
  deleteMonitor as deleteMonitorRow,
  getMonitor,
  type IListMonitorsResult,
  listChanges as listChangesRows,
  listMonitors as listMonitorsRows,
  listTeamChanges as listTeamChangesRows,
  maySeeChanges,
  monitorsOfDomains,
  nextPhaseNumbers,
  updateMonitor as updateMonitorRow,
} from './monitor-store.queries';

/**
 * A team's monitors: made, listed, changed and removed, and the changes of a company it may
 * see. The statements are in monitor-store.sql; the sweep that checks them is the scrape
 * worker's (packages/pipeline: monitor-sweep.ts).
 */

type MonitorRow = IListMonitorsResult;

/** A monitor as the API answers it. */
export function monitorView(row: MonitorRow) {
  return {
    id: row.id,
    domain: row.domain,
    interval: row.interval,
    fields: row.fields,
    state: row.state,
    // Written 'user' or 'quota' only (a CHECK in the migration).
    pausedReason: row.paused_reason as 'user' | 'quota' | null,
    lastError: row.last_error_code === null ? null : { code: row.last_error_code, message: row.last_error_message ?? '' },
    lastCheckedAt: row.last_checked_at?.toISOString() ?? null,
    nextCheckAt: row.next_check_at.toISOString(),
    lastChangedAt: row.last_changed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
export type MonitorView = ReturnType<typeof monitorView>;

/** Refuses an interval shorter than the plan allows. */
export function checkInterval(plan: Plan, interval: MonitorInterval): void {
  const { shortestInterval } = PLAN_MONITORS[plan];
  if (!intervalsFrom(shortestInterval).includes(interval)) {
    throw new AppError(ErrorCode.INTERVAL_NOT_ALLOWED, `the ${plan} plan watches at most ${shortestInterval}; ${interval} is shorter`, {
      details: { shortest: shortestInterval },
    });
  }
}

export interface NewMonitors {
  domains: readonly string[];
  interval: MonitorInterval;
  fields: readonly string[];
}

/**
 * Watches the domains not watched yet (each due at its own point of the interval), within the
 * plan's number of monitors; returns the new monitors and those the team had already.
 */
export async function createMonitors(db: Db, team: { teamId: string; plan: Plan }, request: NewMonitors, daySeconds: number) {
  checkInterval(team.plan, request.interval);
  const existing = await monitorsOfDomains.run({ teamId: team.teamId, domains: [...request.domains] }, typedSql(db));
  const watched = new Map(existing.map((row) => [row.domain, row.id]));
  const fresh = request.domains.filter((domain) => !watched.has(domain));
  const { maxMonitors } = PLAN_MONITORS[team.plan];
  const now = new Date();
  let added: MonitorRow[] = [];
  if (fresh.length > 0) {
    const numbers = await nextPhaseNumbers.run({ count: fresh.length }, typedSql(db, 'monitor-phases'));
    const phases = numbers.map((row) => monitorPhase(row.n));
    const interval = intervalMs(request.interval, daySeconds);
    const ids = fresh.map(() => newId('mon', now.getTime()));
    const rows = await createMonitorsRow.run(
      {
        teamId: team.teamId,
        ids,
        domains: fresh,
        phases,
        nextChecks: phases.map((phase) => utc(nextCheckAt(phase, interval, now))),
        interval: request.interval,
        fields: [...request.fields],
        maxMonitors,
        now: utc(now),
      },
      typedSql(db),
    );
    if (rows.length === 0) {
      throw new AppError(ErrorCode.MONITOR_LIMIT_REACHED, `the ${team.plan} plan watches at most ${maxMonitors} domains`, {
        details: { limit: maxMonitors, requested: fresh.length },
      });
    }
    // In the order the domains came.
    const order = new Map(fresh.map((domain, i) => [domain, i]));
    added = rows.sort((a, b) => order.get(a.domain)! - order.get(b.domain)!);
  }
  // A domain another request added meanwhile is one already watched.
  const addedDomains = new Set(added.map((row) => row.domain));
  const raced = fresh.filter((domain) => !addedDomains.has(domain));
  if (raced.length > 0) {
    for (const row of await monitorsOfDomains.run({ teamId: team.teamId, domains: raced }, typedSql(db))) watched.set(row.domain, row.id);
  }
  return {
    added: added.map(monitorView),
    alreadyWatched: request.domains.filter((domain) => watched.has(domain)).map((domain) => ({ domain, id: watched.get(domain)! })),
  };
}

export interface MonitorListQuery {
  limit: number;
  cursor?: { at: Date; id: string };
  domain?: string;
  state?: 'active' | 'paused' | 'failing';
}

/** One page of the team's monitors, newest first, read as `limit + 1` rows (the extra one says there is more). */
export function listMonitors(db: Db, teamId: string, query: MonitorListQuery): Promise<MonitorRow[]> {
  return listMonitorsRows.run(
    {
      teamId,
      domain: query.domain ?? null,
      state: query.state ?? null,
      cursorAt: query.cursor ? utc(query.cursor.at) : null,
      cursorId: query.cursor?.id ?? null,
      limit: query.limit + 1,
    },
    typedSql(db),
  );
}

const notFound = (id: string) => new AppError(ErrorCode.MONITOR_NOT_FOUND, `no monitor ${id}`);

export async function findMonitor(db: Db, teamId: string, id: string): Promise<MonitorRow> {
  const [row] = await getMonitor.run({ teamId, id }, typedSql(db, 'monitor-get'));
  if (!row) throw notFound(id);
  return row;
}

export interface MonitorUpdate {
  interval?: MonitorInterval;
  fields?: readonly string[];
  paused?: boolean;
}

/** Changes a monitor; a new interval moves its next check to the next point of that interval. */
export async function updateMonitor(db: Db, team: { teamId: string; plan: Plan }, id: string, update: MonitorUpdate, daySeconds: number) {
  const current = await findMonitor(db, team.teamId, id);
  if (update.interval) checkInterval(team.plan, update.interval);
  const now = new Date();
  const nextCheck =
    update.interval && update.interval !== current.interval
      ? nextCheckAt(current.phase, intervalMs(update.interval, daySeconds), now)
      : null;
  const [row] = await updateMonitorRow.run(
    {
      teamId: team.teamId,
      id,
      interval: update.interval ?? null,
      nextCheckAt: nextCheck ? utc(nextCheck) : null,
      fields: update.fields ? [...update.fields] : null,
      paused: update.paused ?? null,
      now: utc(now),
    },
    typedSql(db),
  );
  if (!row) throw notFound(id);
  return monitorView(row);
}

export async function deleteMonitor(db: Db, teamId: string, id: string): Promise<void> {
  const rows = await deleteMonitorRow.run({ teamId, id }, typedSql(db));
  if (rows.length === 0) throw notFound(id);
}

export interface ChangeListQuery {
  limit: number;
  cursor?: { at: Date; id: string };
}

/**
 * One page of a company's changes, newest first, for a team that enriched or watches the
 * domain (else 404 COMPANY_NOT_FOUND, as for a domain it never enriched). Never which job or
 * team found them.
 */
export async function listChanges(db: Db, teamId: string, domain: string, query: ChangeListQuery) {
  const [may] = await maySeeChanges.run({ teamId, domain }, typedSql(db, 'changes-allowed'));
  if (!may?.allowed) throw new AppError(ErrorCode.COMPANY_NOT_FOUND, `${domain} is neither enriched nor watched by this team`);
  const rows = await listChangesRows.run(
    { domain, cursorAt: query.cursor ? utc(query.cursor.at) : null, cursorId: query.cursor?.id ?? null, limit: query.limit + 1 },
    typedSql(db, 'changes-list'),
  );
  return rows.map(changeOf);
}

/** One page of the changes of every domain the team watches or has enriched, newest first: its change feed. */
export async function listTeamChanges(db: Db, teamId: string, query: ChangeListQuery) {
  const rows = await listTeamChangesRows.run(
    { teamId, cursorAt: query.cursor ? utc(query.cursor.at) : null, cursorId: query.cursor?.id ?? null, limit: query.limit + 1 },
    typedSql(db, 'team-changes-list'),
  );
  return rows.map((row) => ({ ...changeOf(row), domain: row.domain }));
}

/** A page of changes as the lists answer it: times in ISO, the next cursor from the last change shown. */
export function changePage<T extends { id: string; observedAt: Date }>(rows: T[], limit: number) {
  const page = cursorPage(rows, limit, (row) => ({ at: row.observedAt, id: row.id }));
  return { data: page.data.map((row) => ({ ...row, observedAt: row.observedAt.toISOString() })), pagination: page.pagination };
}

function changeOf(row: { id: string; field: string; oldValue: unknown; newValue: unknown; observedAt: Date; sources: string[] }) {
  return {
    id: row.id,
    field: row.field,
    // JSON written by the pipeline's record-changes.ts from a field's values only.
    oldValue: row.oldValue as string | number | string[] | null,
    newValue: row.newValue as string | number | string[] | null,
    observedAt: row.observedAt,
    sources: row.sources as SourceName[],
  };
}
