import type { CustomCellRendererProps } from 'ag-grid-react';
import type { ModelRow } from '../model-edits';

/** The model's name, with its marks: built-in, embedding, not saved yet. */
export function NameCell({ data }: CustomCellRendererProps<ModelRow>) {
  if (!data) return null;
  return (
    <div className="model-name-cell">
      <span className="model-name" title={data.name}>
        {data.name}
      </span>
      {data.isBuiltIn && <span className="badge">Built-in</span>}
      {data.isEmbedding && <span className="badge badge-embedding">Embedding</span>}
      {data.isNew && <span className="badge badge-new">Unsaved</span>}
    </div>
  );
}
