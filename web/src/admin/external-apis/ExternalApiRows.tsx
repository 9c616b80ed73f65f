export interface Row {
  first: string;
  second: string;
}

export interface ExternalApiRowsProps {
  title: string;
  rows: readonly Row[];
  /** The labels of the two inputs of a row. */
  labels: readonly [string, string];
  max: number;
  onChange: (rows: Row[]) => void;
}

/** Rows of two inputs (parameters: name and description; headers: name and value), added and removed. */
export function ExternalApiRows({ title, rows, labels, max, onChange }: ExternalApiRowsProps) {
  const update = (i: number, patch: Partial<Row>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="external-api-rows">
      <legend>{title}</legend>
      {rows.map((row, i) => (
        <div className="external-api-row" key={i}>
          <input
            className="input"
            aria-label={`${labels[0]} ${i + 1}`}
            placeholder={labels[0]}
            value={row.first}
            onChange={(e) => update(i, { first: e.target.value })}
          />
          <input
            className="input"
            aria-label={`${labels[1]} ${i + 1}`}
            placeholder={labels[1]}
            value={row.second}
            onChange={(e) => update(i, { second: e.target.value })}
          />
          <button
            type="button"
            className="btn btn-ghost"
            aria-label={`Remove ${labels[0].toLowerCase()} ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-small"
        disabled={rows.length >= max}
        onClick={() => onChange([...rows, { first: '', second: '' }])}
      >
        Add {title === 'Headers' ? 'Header' : 'Parameter'}
      </button>
    </fieldset>
  );
}
