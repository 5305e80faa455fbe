import type { Db } from '@enrich/db';
import { settleBatchById } from '@enrich/jobs';
import type { Step } from '@enrich/worker-runtime';
import type { DeliveryQueue } from '../owed-deliveries';

/**
 * The parent of a bulk batch's flows: runs once BullMQ saw every item end. Settling is
 * normally done already by the last item; this covers an item whose settle call was lost
 * with its worker. Nothing to record when it gives up: the reconciler's items settle it.
 */
export function batchStep(db: Db, deliveries: DeliveryQueue): Step<'batch'> {
  return {
    run: async (payload) => {
      const { settled, deliveries: owed } = await settleBatchById(db, payload.batchId);
      await deliveries.queue(owed, payload.requestId);
      return { settled };
    },
    giveUp: async () => undefined,
  };
}
