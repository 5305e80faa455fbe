import { type Db, type DeliveryStatus, typedSql, utc, type WebhookAttempt, type WebhookDelivery } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import type { WebhookEvent } from '@enrich/jobs';
import { dueDeliveries, resetForResend as resetForResendRow } from './delivery-store.queries';
import { findEndpoint } from './endpoint-store';

/** A delivery as the API lists it, with every attempt made, oldest first. */
export function deliveryView(row: WebhookDelivery & { attemptsMade: WebhookAttempt[] }) {
  return {
    id: row.id,
    // A TEXT column written with one of WEBHOOK_EVENTS only, as payload.ts reads it too.
    eventType: row.eventType as WebhookEvent,
    status: row.status,
    // company.changed's job found the change and may be another team's: never shown.
    jobId: row.eventType === 'company.changed' ? null : row.jobId,
    batchId: row.batchId,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastError: row.lastError,
    // The body as sent (null until the first attempt).
    payload: row.payload === null ? null : (JSON.parse(row.payload) as unknown),
    attempts: row.attemptsMade.map((attempt) => ({
      number: attempt.number,
      attemptedAt: attempt.attemptedAt.toISOString(),
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      responseExcerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
  };
}
export type DeliveryView = ReturnType<typeof deliveryView>;

export interface DeliveryListQuery {
  limit: number;
  /** The last item of the previous page: the page holds older deliveries. */
  cursor?: { at: Date; id: string };
  status?: DeliveryStatus;
  /** Only this delivery. */
  only?: string;
}

/** One page of an endpoint's deliveries, newest first (a page is read as `limit + 1` rows: the extra one says there is more). */
export async function listDeliveries(db: Db, teamId: string, endpointId: string, query: DeliveryListQuery) {
  await findEndpoint(db, teamId, endpointId);
  const { cursor } = query;
  return db.webhookDelivery.findMany({
    where: {
      endpointId,
      teamId,
      ...(query.status ? { status: query.status } : {}),
      ...(query.only ? { id: query.only } : {}),
      ...(cursor ? { OR: [{ createdAt: { lt: cursor.at } }, { createdAt: cursor.at, id: { lt: cursor.id } }] } : {}),
    },
    include: { attemptsMade: { orderBy: { number: 'asc' } } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
  });
}

/**
 * Sends a delivery of the endpoint again, with the same webhook-id and body, through a new
 * round of retries; the caller queues it. An endpoint that is disabled is enabled first by its
 * owner (409 WEBHOOK_DISABLED).
 */
export async function resetForResend(db: Db, teamId: string, endpointId: string, deliveryId: string): Promise<void> {
  const endpoint = await findEndpoint(db, teamId, endpointId);
  if (!endpoint.enabled) {
    throw new AppError(
      ErrorCode.WEBHOOK_DISABLED,
      `webhook endpoint ${endpointId} is disabled (${endpoint.disabledReason}); enable it first`,
    );
  }
  const reset = await resetForResendRow.run({ deliveryId, endpointId, teamId, now: utc(new Date()) }, typedSql(db, 'webhook-resend'));
  if (reset.length === 0) throw new AppError(ErrorCode.DELIVERY_NOT_FOUND, `no delivery ${deliveryId} of webhook endpoint ${endpointId}`);
}

/** Owed deliveries due for a while that may have been lost with Redis: the reconciler checks the queue for each. */
export async function findDueDeliveries(db: Db, dueBefore: Date, limit: number): Promise<{ id: string; nextAttemptAt: Date }[]> {
  return dueDeliveries.run({ dueBefore: utc(dueBefore), limit: Math.max(1, Math.floor(limit)) }, typedSql(db, 'deliveries-due'));
}
