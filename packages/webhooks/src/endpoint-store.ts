import { type Db, newId, utc, type WebhookEndpoint, withSqlTransaction } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import type { WebhookEvent } from '@enrich/jobs';
import { countTeamEndpoints, insertEndpoint, lockTeam } from './endpoint-store.queries';
import { newWebhookSecret, secretHint } from './signing';

/** Endpoints one team may have. */
export const MAX_ENDPOINTS_PER_TEAM = 20;

export interface EndpointInput {
  /** Checked by checkWebhookUrl first. */
  url: string;
  events: WebhookEvent[];
  description?: string;
  /** A field selection (`name,industry`), validated; null: the whole record. */
  fields?: string | null;
  enabled?: boolean;
}

export const DISABLED_BY_OWNER = 'disabled by its owner';

/** An endpoint as the API answers it: never its secret, only the secret's first characters. */
export function endpointView(row: WebhookEndpoint, now = new Date()) {
  const rotating = row.previousSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    description: row.description,
    fields: row.fields,
    enabled: row.enabled,
    disabledReason: row.enabled ? null : row.disabledReason,
    disabledAt: row.enabled ? null : (row.disabledAt?.toISOString() ?? null),
    secretHint: secretHint(row.secret),
    previousSecretExpiresAt: rotating ? row.previousSecretExpiresAt!.toISOString() : null,
    consecutiveFailures: row.failureStreak,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type EndpointView = ReturnType<typeof endpointView>;

const notFound = (id: string) => new AppError(ErrorCode.WEBHOOK_NOT_FOUND, `no webhook endpoint ${id}`);

const distinct = (events: WebhookEvent[]): WebhookEvent[] => [...new Set(events)];

/** Registers an endpoint; its secret is in this answer only. */
export async function createEndpoint(db: Db, teamId: string, input: EndpointInput): Promise<EndpointView & { secret: string }> {
  const secret = newWebhookSecret();
  const now = new Date();
  const enabled = input.enabled ?? true;
  // The statements are in endpoint-store.sql.
  const row = await withSqlTransaction(db, async (tx) => {
    // Counted under the team row's lock, so two requests at once cannot pass the limit together.
    await lockTeam.run({ teamId }, tx('webhook-lock-team'));
    const [counted] = await countTeamEndpoints.run({ teamId }, tx('webhook-count-endpoints'));
    if ((counted?.count ?? 0) >= MAX_ENDPOINTS_PER_TEAM) {
      throw new AppError(ErrorCode.WEBHOOK_LIMIT_REACHED, `a team has at most ${MAX_ENDPOINTS_PER_TEAM} webhook endpoints`);
    }
    const [inserted] = await insertEndpoint.run(
      {
        id: newId('whk'),
        teamId,
        url: input.url,
        events: distinct(input.events),
        description: input.description ?? '',
        fields: input.fields ?? null,
        enabled,
        disabledReason: enabled ? null : DISABLED_BY_OWNER,
        disabledAt: enabled ? null : utc(now),
        secret,
        now: utc(now),
      },
      tx('webhook-insert-endpoint'),
    );
    if (!inserted) throw new Error('the endpoint insert returned no row');
    return inserted;
  });
  return { ...endpointView(row), secret };
}

/** The team's endpoints, oldest first. */
export async function listEndpoints(db: Db, teamId: string): Promise<EndpointView[]> {
  const rows = await db.webhookEndpoint.findMany({ where: { teamId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map((row) => endpointView(row));
}

/** The team's endpoint; another team's answers as one that does not exist. */
export async function findEndpoint(db: Db, teamId: string, id: string): Promise<WebhookEndpoint> {
  const row = await db.webhookEndpoint.findFirst({ where: { id, teamId } });
  if (!row) throw notFound(id);
  return row;
}

/**
 * Changes what is given. Enabling clears the disabled reason and the failure count (the owner
 * says the receiver is back); disabling records that its owner did it.
 */
export async function updateEndpoint(db: Db, teamId: string, id: string, input: Partial<EndpointInput>): Promise<EndpointView> {
  const current = await findEndpoint(db, teamId, id);
  const now = new Date();
  const toggled =
    input.enabled === undefined || input.enabled === current.enabled
      ? {}
      : input.enabled
        ? { enabled: true, disabledReason: null, disabledAt: null, failureStreak: 0, failingSince: null }
        : { enabled: false, disabledReason: DISABLED_BY_OWNER, disabledAt: now };
  const result = await db.webhookEndpoint.updateManyAndReturn({
    where: { id, teamId },
    data: {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: distinct(input.events) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.fields !== undefined ? { fields: input.fields } : {}),
      ...toggled,
      updatedAt: now,
    },
  });
  const row = result[0];
  if (!row) throw notFound(id);
  return endpointView(row);
}

/** Removes the endpoint with its deliveries and their attempts; what is queued for it finds nothing to do. */
export async function deleteEndpoint(db: Db, teamId: string, id: string): Promise<void> {
  const { count } = await db.webhookEndpoint.deleteMany({ where: { id, teamId } });
  if (count === 0) throw notFound(id);
}

/**
 * A new secret, shown in this answer only. The current one becomes the previous secret and
 * keeps signing beside it for `overlapMs` (0: it stops at once), so receivers can switch over.
 */
export async function rotateSecret(db: Db, teamId: string, id: string, overlapMs: number): Promise<EndpointView & { secret: string }> {
  const current = await findEndpoint(db, teamId, id);
  const secret = newWebhookSecret();
  const now = new Date();
  const result = await db.webhookEndpoint.updateManyAndReturn({
    // Conditional on the secret read, so two rotations at once cannot both keep the same previous one.
    where: { id, teamId, secret: current.secret },
    data: {
      secret,
      previousSecret: overlapMs > 0 ? current.secret : null,
      previousSecretExpiresAt: overlapMs > 0 ? new Date(now.getTime() + overlapMs) : null,
      updatedAt: now,
    },
  });
  const row = result[0];
  if (!row) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'the secret was rotated at the same moment; retry', { retryable: true });
  return { ...endpointView(row, now), secret };
}

/** The secrets that sign a delivery now: the current one, and the previous one during its overlap. */
export function signingSecrets(
  row: Pick<WebhookEndpoint, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  now = new Date(),
): string[] {
  const previous = row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? [row.previousSecret] : [];
  return [row.secret, ...previous];
}
