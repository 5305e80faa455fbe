/**
 * A table's caption (read by screen readers, not shown) and its header row. With `actions`, a
 * last column for the rows' buttons, named for screen readers only.
 */
export function TableHead({ caption, columns, actions = false }: { caption: string; columns: readonly string[]; actions?: boolean }) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column}>
              {column}
            </th>
          ))}
          {actions ? (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
    </>
  );
}
