import { useId, useState } from 'react';
import { opsMessages, type Op } from '@app/contracts';
import { CheckField } from '../../ui/CheckField';
import { filteredOps, parametersText, type OpSearchBy } from './op-drafts';
import { RowAction } from '../../ui/table/RowAction';
import { TableHead } from '../../ui/table/TableHead';

export interface ManageOpsTableProps {
  ops: readonly Op[];
  deleting: string | null;
  onDelete: (op: Op) => void;
}

/** 'Manage Ops': search by name or by tag (lower-cased), the table in a 500 px scroll. */
export function ManageOpsTable({ ops, deleting, onDelete }: ManageOpsTableProps) {
  const [term, setTerm] = useState('');
  const [by, setBy] = useState<OpSearchBy>('name');
  const searchId = useId();
  const rows = filteredOps(ops, term, by);
  return (
    <section className="card" aria-label={opsMessages.manageTitle}>
      <h3 className="card-title">{opsMessages.manageTitle}</h3>
      <div className="ops-search">
        <span className="field-label">Search by</span>
        {(['name', 'tag'] as const).map((b) => (
          <CheckField
            key={b}
            className="checkbox-label"
            label={b}
            type="radio"
            name={`${searchId}-by`}
            checked={by === b}
            onChange={() => setBy(b)}
          />
        ))}
        <input
          id={searchId}
          className="input"
          aria-label="Search Ops"
          placeholder="Search Ops..."
          value={term}
          onChange={(e) => setTerm(e.target.value.toLowerCase())}
        />
      </div>
      {ops.length === 0 ? (
        <p className="empty">{opsMessages.noOps}</p>
      ) : (
        <div className="ops-table-scroll" style={{ maxHeight: 500 }}>
          <table className="ops-table" aria-label={opsMessages.manageTitle}>
            <TableHead
              columns={['Function Name', 'Tags', 'Path', 'Method', 'Parameters', 'Description', '']}
            />
            <tbody>
              {rows.map((op) => (
                <tr key={op.id}>
                  <td>{op.name}</td>
                  <td>{op.tags.join(', ')}</td>
                  <td className="ops-path">{op.url}</td>
                  <td>{op.method}</td>
                  <td>{parametersText(op)}</td>
                  <td>{op.description}</td>
                  <td>
                    <RowAction
                      action="Delete"
                      name={op.name}
                      className="btn btn-ghost"
                      disabled={deleting === op.id}
                      onClick={() => onDelete(op)}
                    >
                      {deleting === op.id ? 'Deleting...' : 'Delete'}
                    </RowAction>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
