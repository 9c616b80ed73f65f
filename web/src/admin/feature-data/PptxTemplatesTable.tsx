import { featureDataMessages, type PptxTemplate } from '@app/contracts';

export interface PptxTemplatesTableProps {
  templates: readonly PptxTemplate[];
  busy: ReadonlySet<string>;
  onToggle: (template: PptxTemplate) => void;
  onDelete: (template: PptxTemplate) => void;
}

/** The templates: Template Name, Public (toggle), Available to User via Amplify Group Membership, delete. */
export function PptxTemplatesTable({ templates, busy, onToggle, onDelete }: PptxTemplatesTableProps) {
  if (templates.length === 0) return <p className="empty">{featureDataMessages.pptxEmpty}</p>;
  return (
    <table className="feature-data-table" aria-label="PowerPoint Templates">
      <thead>
        <tr>
          <th scope="col">Template Name</th>
          <th scope="col">Public</th>
          <th scope="col">Available to User via Amplify Group Membership</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {templates.map((t) => (
          <tr key={t.name}>
            <td className="template-name">{t.name}</td>
            <td>
              <input
                type="checkbox"
                aria-label={`Public: ${t.name}`}
                checked={t.isAvailable}
                disabled={busy.has(t.name)}
                onChange={() => onToggle(t)}
              />
            </td>
            <td>
              {t.amplifyGroups.length === 0 ? (
                <span className="muted">None</span>
              ) : (
                t.amplifyGroups.join(', ')
              )}
            </td>
            <td>
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={`Delete ${t.name}`}
                disabled={busy.has(t.name)}
                onClick={() => onDelete(t)}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
