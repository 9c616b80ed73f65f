import { featureDataMessages, type PptxTemplate } from '@app/contracts';
import { TableHead } from '../../ui/table/TableHead';
import { RowAction } from '../../ui/table/RowAction';

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
      <TableHead
        columns={['Template Name', 'Public', 'Available to User via Amplify Group Membership']}
        actions
      />
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
              <RowAction
                action="Delete"
                name={t.name}
                className="btn btn-ghost"
                disabled={busy.has(t.name)}
                onClick={() => onDelete(t)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
