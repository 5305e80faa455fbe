import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

// Parse the environment once at start-up; on failure the message names each bad variable
// so an operator can fix it without reading code.
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const value = env[String(issue.path[0])];
      return `${name}: ${issue.message}${value === undefined ? '' : ` (got ${JSON.stringify(value)})`}`;
    }),
  );
}

// Environment values are strings; these read them into typed settings with defaults.
export const envInt = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback as never) as unknown as z.ZodDefault<z.ZodType<number, string>>;

// A positive number that may have a fraction (`0.5`): durations tests shorten below one unit.
export const envDecimal = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'must be a number such as 24 or 0.5')
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .default(fallback as never) as unknown as z.ZodDefault<z.ZodType<number, string>>;

export const envString = (fallback: string) => z.string().trim().min(1).default(fallback);

export const envUrl = (fallback: string, protocols: string[]) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.join(' or ')}//`,
    );

export const envBool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');
