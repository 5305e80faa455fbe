// A connection pgtyped's queries run on (typedSql, sqlConnection) that keeps every statement
// it sends, its text and bound values, so that a test or a benchmark can EXPLAIN exactly what
// ran (a search's statements are built per query, not named).

export interface SentStatement {
  text: string;
  values: unknown[];
}

/** `connection`, recording what it is sent in `statements`. */
export function recordedSql<R>(connection: { query: (text: string, values: unknown[]) => Promise<R> }) {
  const statements: SentStatement[] = [];
  const recording = {
    query: (text: string, values: unknown[]): Promise<R> => {
      statements.push({ text, values });
      return connection.query(text, values);
    },
  };
  return { connection: recording, statements };
}
