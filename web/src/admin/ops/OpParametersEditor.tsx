import { opParameterTypes, type OpParameterType } from '@app/contracts';
import { CheckField } from '../../ui/CheckField';
import { emptyParam, type ParamRow } from './op-drafts';

export interface OpParametersEditorProps {
  opLabel: string;
  params: readonly ParamRow[];
  disabled: boolean;
  onChange: (params: ParamRow[]) => void;
}

/** The parameters of a POST, PUT or PATCH op: rows of name, type, description and required. */
export function OpParametersEditor({ opLabel, params, disabled, onChange }: OpParametersEditorProps) {
  const update = (key: number, change: Partial<ParamRow>) =>
    onChange(params.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const nextKey = params.reduce((m, p) => Math.max(m, p.key), 0) + 1;
  return (
    <fieldset className="ops-params" disabled={disabled}>
      <legend>Parameters</legend>
      {params.map((p, i) => (
        <div key={p.key} className="ops-param-row">
          <input
            className="input"
            aria-label={`${opLabel} parameter ${i + 1} name`}
            placeholder="Parameter Name"
            maxLength={64}
            value={p.name}
            onChange={(e) => update(p.key, { name: e.target.value })}
          />
          <select
            className="input"
            aria-label={`${opLabel} parameter ${i + 1} type`}
            value={p.type}
            onChange={(e) => update(p.key, { type: e.target.value as OpParameterType })}
          >
            {opParameterTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <input
            className="input"
            aria-label={`${opLabel} parameter ${i + 1} description`}
            placeholder="Parameter Description"
            maxLength={1000}
            value={p.description}
            onChange={(e) => update(p.key, { description: e.target.value })}
          />
          <CheckField
            className="checkbox-label"
            label="Required Parameter"
            checked={p.required}
            onChange={(checked) => update(p.key, { required: checked })}
          />
          <button
            type="button"
            className="btn btn-ghost"
            aria-label={`Remove ${opLabel} parameter ${i + 1}`}
            onClick={() => onChange(params.filter((q) => q.key !== p.key))}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="btn" onClick={() => onChange([...params, emptyParam(nextKey)])}>
        Add Parameter
      </button>
    </fieldset>
  );
}
