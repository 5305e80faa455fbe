/**
 * Named parameters for a statement the driver sends with positional ones. `ref.teamId` is the
 * `$n` its text writes where it means the team; `values({ teamId, ... })` lists the values in
 * that order. The numbering is made here, from the order of `names`, and nowhere else: a
 * reader of the SQL reads names, never counts positions, and the text stays a constant (so a
 * named statement is planned once per connection).
 */
export function namedParams<const Names extends readonly string[]>(...names: Names) {
  type Name = Names[number];
  const ref = Object.fromEntries(names.map((name, i) => [name, `$${i + 1}`])) as { readonly [N in Name]: string };
  return {
    ref,
    values: (named: { readonly [N in Name]: unknown }): unknown[] => names.map((name: Name) => named[name]),
  };
}
