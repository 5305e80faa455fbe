// `npm run client:types`: regenerate packages/client/src/api-types.ts from the API's OpenAPI
// document; with --check, only compare (exit 1 when the file no longer matches).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_TYPES_FILE, generateClientTypes, ROOT } from './support/client-types';
import { runMain } from './support/run-main';

runMain(async () => {
  const file = path.join(ROOT, CLIENT_TYPES_FILE);
  const generated = await generateClientTypes();
  if (process.argv.includes('--check')) {
    const same = readFileSync(file, 'utf8') === generated;
    console.log(same ? `${CLIENT_TYPES_FILE} matches the OpenAPI document` : `${CLIENT_TYPES_FILE} is stale: run npm run client:types`);
    return same ? 0 : 1;
  }
  writeFileSync(file, generated);
  console.log(`wrote ${CLIENT_TYPES_FILE}`);
  return 0;
});
