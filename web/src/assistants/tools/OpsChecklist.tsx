import { useEffect, useState } from 'react';
import { assistantLimits, type AssistantTool, type ListedOp } from '@app/contracts';
import { errorText } from '../../api/http';
import { fetchVisibleOps } from '../../api/ops';
import { FormField } from '../../ui/FormField';
import { canAddTool, checklistRows, toggleTool, toolOfOp, unavailableTools } from './ops-checklist';
import { whileMounted } from '../../ui/while-mounted';

export interface OpsChecklistProps {
  tools: AssistantTool[];
  onChange: (tools: AssistantTool[]) => void;
}

/**
 * The ops an assistant may call (its tools): the ops visible to the user (the system's and their
 * own), searchable by name or tag, each ticked to become one of the assistant's tools.
 */
export function OpsChecklist({ tools, onChange }: OpsChecklistProps) {
  const [ops, setOps] = useState<ListedOp[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  useEffect(() => {
    return whileMounted(fetchVisibleOps(), setOps, (e) => setError(errorText(e)));
  }, []);

  if (error !== null)
    return (
      <p role="alert" className="form-error">
        {error}
      </p>
    );
  if (ops === null) return <p className="muted">Loading ops…</p>;
  const rows = checklistRows(ops, tools, search);
  const gone = unavailableTools(ops, tools);
  const full = !canAddTool(tools);
  return (
    <div className="ops-checklist">
      {ops.length === 0 ? (
        <p className="muted">No ops available.</p>
      ) : (
        <>
          <input
            aria-label="Search ops"
            className="input ops-checklist-search"
            type="search"
            placeholder="Search ops by name or tag"
            value={search}
            onChange={(e) => setSearch(e.target.value.toLowerCase())}
          />
          {rows.length === 0 && <p className="muted">No ops match the search.</p>}
        </>
      )}
      <ul className="ops-checklist-list" aria-label="Ops">
        {rows.map(({ key, op, checked }) => (
          <li key={key} className="ops-checklist-row">
            <FormField
              layout="check"
              label={
                <>
                  <span className="ops-checklist-name">{op.name}</span>{' '}
                  <code className="ops-checklist-endpoint muted">
                    {op.method} {op.url}
                  </code>
                </>
              }
            >
              {(field) => (
                <input
                  {...field}
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => onChange(toggleTool(tools, op))}
                />
              )}
            </FormField>
            <p className="ops-checklist-description muted">{toolOfOp(op).description}</p>
          </li>
        ))}
        {gone.map((tool) => (
          <li key={`gone-${tool.name}`} className="ops-checklist-row">
            <FormField
              layout="check"
              label={
                <>
                  <span className="ops-checklist-name">{tool.name}</span>{' '}
                  <span className="muted">(this op is no longer available)</span>
                </>
              }
            >
              {(field) => (
                <input
                  {...field}
                  type="checkbox"
                  checked
                  onChange={() => onChange(tools.filter((t) => t.name !== tool.name))}
                />
              )}
            </FormField>
          </li>
        ))}
      </ul>
      {full && <p className="muted">An assistant may call at most {assistantLimits.tools} ops.</p>}
    </div>
  );
}
