import { z } from 'zod';
import { type HostMap, parseHostMap } from './host-map';

/**
 * A host map environment variable (SCRAPER_HOST_MAP, WEBHOOK_HOST_MAP), parsed at start-up so
 * that a typo stops the process instead of sending traffic to the real host.
 */
export const hostMapSetting = (name: string) =>
  z
    .string()
    .default('')
    .transform((value, ctx): HostMap => {
      try {
        return parseHostMap(value, name);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message.replace(`${name}: `, '') });
        return z.NEVER;
      }
    });
