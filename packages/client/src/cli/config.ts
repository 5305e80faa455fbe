import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where `enrich login` keeps the key: the user's own file, readable by them alone. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ENRICH_CONFIG) return env.ENRICH_CONFIG;
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'enrich', 'config.json');
}

export interface CliConfig {
  apiKey?: string;
  baseUrl?: string;
}

/** The saved settings, with ENRICH_API_KEY and ENRICH_BASE_URL taking precedence. */
export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): CliConfig {
  let saved: CliConfig = {};
  try {
    saved = JSON.parse(readFileSync(configPath(env), 'utf8')) as CliConfig;
  } catch {
    // No login yet, or an unreadable file: the environment may still give a key.
  }
  return { apiKey: env.ENRICH_API_KEY || saved.apiKey, baseUrl: env.ENRICH_BASE_URL || saved.baseUrl };
}

/** Writes the settings with mode 0600 (and its folder 0700): the key is a secret. */
export function saveCliConfig(config: CliConfig, env: NodeJS.ProcessEnv = process.env): string {
  const file = configPath(env);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}
