// pgtyped reads a statement per name; statements that differ only by a condition are written
// once in the .sql file and written out here before it reads them (scripts/support/db-types.ts),
// and wherever a test reads the statements as pgtyped does.

// A named statement that carries `-- @variant <Name>: <sql>` at the end of some of its lines.
const WITH_VARIANTS = /\/\* @name \w+ \*\/\n[^;]*?-- @variant [^;]*;/g;
const VARIANT_MARK = /[ \t]*-- @variant (\w+): (.*)$/gm;

/**
 * A `.sql` file as pgtyped reads it. Statements that differ only by a condition are written
 * once: each `-- @variant <Name>: <sql>` ending a line of a statement makes the statement
 * <Name>, the same with <sql> in the comment's place, written after it; the statement
 * itself is read without those comments.
 */
export function expandVariants(text: string): string {
  const expanded = text.replace(WITH_VARIANTS, (statement) => {
    const names = new Set(Array.from(statement.matchAll(VARIANT_MARK), (mark) => mark[1]!));
    const as = (name?: string) =>
      statement.replace(VARIANT_MARK, (_mark, variant: string, sql: string) => (variant === name ? ` ${sql}` : ''));
    return [as(), ...[...names].map((name) => as(name).replace(/^\/\* @name \w+ \*\//, `/* @name ${name} */`))].join('\n\n');
  });
  if (expanded.includes('-- @variant ')) throw new Error('a -- @variant comment outside a named statement, or one with a ; before it');
  return expanded;
}
