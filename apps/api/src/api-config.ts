import { databaseEnv, envInt, envString, logEnv, pipelineEnv, redisEnv } from '@enrich/config';
import { z } from 'zod';

export const apiEnv = z
  .object({
    PORT: envInt(3000, 0, 65_535),
    HOST: envString('0.0.0.0'),
    BODY_LIMIT: envString('256kb').refine((v) => /^\d+(b|kb|mb)$/i.test(v), 'must look like 256kb or 1mb'),
  })
  .extend(databaseEnv.shape)
  .extend(redisEnv.shape)
  .extend(pipelineEnv.shape)
  .extend(logEnv.shape);
export type ApiConfig = z.infer<typeof apiEnv>;
