// `npm run db:types`: regenerate the typed SQL (`*.queries.ts` beside each `.sql`) from a
// scratch database migrated by the project's migrator (scripts/support/db-types.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateDbTypes, ROOT } from './support/db-types';
import { runMain } from './support/run-main';

runMain(async () => {
  const generated = await generateDbTypes();
  for (const [file, text] of generated) writeFileSync(path.join(ROOT, file), text);
  console.log(`wrote ${[...generated.keys()].join(', ')}`);
  return 0;
});
