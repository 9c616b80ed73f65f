export interface TableHeadProps {
  /** The column headers, in order ('' for a column without one). */
  columns: readonly string[];
  /** Adds a last column for the row's buttons, named "Actions" for assistive technology only. */
  actions?: boolean;
}

/** A table's header row: a column header per name. */
export function TableHead({ columns, actions = false }: TableHeadProps) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={`${i}-${c}`} scope="col">
            {c}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
