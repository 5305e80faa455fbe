import { type IDatabaseConnection, ParameterTransform, processSQLQueryIR } from '@pgtyped/runtime';

// pgtyped's own PreparedQuery rebuilds its statement's text from the parsed query on every call
// and renames every row's hinted columns ("n!" → n) by deleting keys, about 2 % of the API's
// CPU on the polls. Our statements take scalar parameters only, so their text never changes:
// this one makes it once. `npm run db:types` points the generated `*.queries.ts` files here
// (scripts/support/db-types.ts), so every typed statement runs through it.

/** The parsed statement pgtyped's generator writes into each `*.queries.ts` (its `…IR` constant). */
type QueryIR = Parameters<typeof processSQLQueryIR>[0];

/** A column alias carrying pgtyped's nullability hint ("name!" not null, "name?" nullable). */
const HINTED_ALIAS = /"([^"]+)[!?]"/g;

/** A typed statement of a `.sql` file, as the generated `*.queries.ts` construct it. */
export class PreparedQuery<Params, Result> {
  /** The text sent to PostgreSQL: `$n` placeholders, column aliases without their hints. */
  readonly text: string;
  /** The parameters' names in placeholder order. */
  private readonly order: string[];

  constructor(queryIR: QueryIR) {
    const { query, mapping } = processSQLQueryIR(queryIR);
    const scalars = mapping.flatMap((param) => (param.type === ParameterTransform.Scalar ? [param] : []));
    if (scalars.length !== mapping.length) {
      throw new Error(`typed statements take scalar parameters only (pass an array as one parameter): ${query.slice(0, 80)}`);
    }
    this.order = scalars.sort((a, b) => a.assignedIndex - b.assignedIndex).map((param) => param.name);
    this.text = query.replace(HINTED_ALIAS, '"$1"');
  }

  private values(params: Params): unknown[] {
    return this.order.map((name) => (params as Record<string, unknown>)[name]);
  }

  async run(params: Params, connection: IDatabaseConnection): Promise<Result[]> {
    return (await connection.query(this.text, this.values(params))).rows as Result[];
  }

  async runWithCounts(params: Params, connection: IDatabaseConnection): Promise<{ result: Result[]; rowCount: number }> {
    const { rows, rowCount } = await connection.query(this.text, this.values(params));
    return { result: rows as Result[], rowCount };
  }
}
