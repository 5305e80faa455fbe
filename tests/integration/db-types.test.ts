import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expandVariants, generateDbTypes, queriesFileOf, ROOT, sqlFiles } from '../../scripts/support/db-types';

// The committed `*.queries.ts` are what pgtyped writes for the statements as they are now,
// against the schema as migrated: a changed statement or migration without `npm run db:types` fails here.
describe('typed SQL', () => {
  it('the committed query types are those the statements and migrations give', async () => {
    const generated = await generateDbTypes();
    expect([...generated.keys()]).toEqual(sqlFiles().map(queriesFileOf));
    for (const [file, text] of generated) {
      expect({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }).toEqual({ file, text });
    }
  });

  it('reads a statement with variants as the statement without them, then each variant after it', () => {
    const text = '/* @name A */\nSELECT 1 FROM t WHERE x = :x! -- @variant B: AND y = :y!\nORDER BY 1;\n';
    expect(expandVariants(text)).toBe(
      '/* @name A */\nSELECT 1 FROM t WHERE x = :x!\nORDER BY 1;\n\n/* @name B */\nSELECT 1 FROM t WHERE x = :x! AND y = :y!\nORDER BY 1;\n',
    );
  });
});
