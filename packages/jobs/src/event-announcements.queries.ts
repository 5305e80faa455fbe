/** Types generated for queries found in "packages/jobs/src/event-announcements.sql" */
import { PreparedQuery } from '@enrich/db';

/** 'NotifyEvent' parameters type */
export interface INotifyEventParams {
  channel: string;
  payload: string;
}

/** 'NotifyEvent' return type */
export interface INotifyEventResult {
  pg_notify: undefined | null;
}

/** 'NotifyEvent' query type */
export interface INotifyEventQuery {
  params: INotifyEventParams;
  result: INotifyEventResult;
}

const notifyEventIR: any = {"usedParamSet":{"channel":true,"payload":true},"params":[{"name":"channel","required":true,"transform":{"type":"scalar"},"locs":[{"a":17,"b":25}]},{"name":"payload","required":true,"transform":{"type":"scalar"},"locs":[{"a":28,"b":36}]}],"statement":"SELECT pg_notify(:channel!, :payload!)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT pg_notify(:channel!, :payload!)
 * ```
 */
export const notifyEvent = new PreparedQuery<INotifyEventParams,INotifyEventResult>(notifyEventIR);


