/** Types generated for queries found in "apps/api/src/usage/usage-reads.sql" */
import { PreparedQuery } from '@enrich/db';

export type DateOrString = Date | string;

/** 'DailyEnrichments' parameters type */
export interface IDailyEnrichmentsParams {
  since: DateOrString;
  teamId: string;
}

/** 'DailyEnrichments' return type */
export interface IDailyEnrichmentsResult {
  day: string;
  enrichments: number;
}

/** 'DailyEnrichments' query type */
export interface IDailyEnrichmentsQuery {
  params: IDailyEnrichmentsParams;
  result: IDailyEnrichmentsResult;
}

const dailyEnrichmentsIR: any = {"usedParamSet":{"teamId":true,"since":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":121,"b":128}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":160,"b":166}]}],"statement":"SELECT to_char(created_at, 'YYYY-MM-DD') AS \"day!\", count(*)::int AS \"enrichments!\"\nFROM enrichment_jobs\nWHERE team_id = :teamId! AND charged AND created_at >= :since!::timestamp\nGROUP BY 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT to_char(created_at, 'YYYY-MM-DD') AS "day!", count(*)::int AS "enrichments!"
 * FROM enrichment_jobs
 * WHERE team_id = :teamId! AND charged AND created_at >= :since!::timestamp
 * GROUP BY 1
 * ```
 */
export const dailyEnrichments = new PreparedQuery<IDailyEnrichmentsParams,IDailyEnrichmentsResult>(dailyEnrichmentsIR);


