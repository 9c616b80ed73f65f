import { defaultOpParameters, opMethodHasBody, opMethods, opLimits, type OpMethod } from '@app/contracts';
import { FormField } from '../../ui/FormField';
import { OpParametersEditor } from './OpParametersEditor';
import type { OpDraft } from './op-drafts';

export interface OpDraftFormProps {
  draft: OpDraft;
  index: number;
  disabled: boolean;
  onChange: (draft: OpDraft) => void;
  onRemove: () => void;
}

/** One op drafted locally: tags, function name, request path, description, method, parameters. */
export function OpDraftForm({ draft, index, disabled, onChange, onRemove }: OpDraftFormProps) {
  const label = `New op ${index + 1}`;
  const set = (change: Partial<OpDraft>) => onChange({ ...draft, ...change });
  const field = (name: string, value: string, placeholder: string, max: number, key: keyof OpDraft) => (
    <FormField layout="wrapped" className="ops-field" label={name}>
      {(control) => (
        <input
          {...control}
          className="input"
          aria-label={`${label} ${name}`}
          placeholder={placeholder}
          maxLength={max}
          value={value}
          disabled={disabled}
          onChange={(e) => set({ [key]: e.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <div className="ops-draft" role="group" aria-label={label}>
      <div className="ops-draft-fields">
        {field('Tags', draft.tagsText, 'Op identifiers separated by commas', 2000, 'tagsText')}
        {field('Function Name', draft.name, 'Arbitrary function name', opLimits.nameLength, 'name')}
        {field('Request Path', draft.url, 'https://api.example.com/path', opLimits.urlLength, 'url')}
        {field(
          'Description',
          draft.description,
          'Ops overview or purpose',
          opLimits.descriptionLength,
          'description',
        )}
        <FormField layout="wrapped" className="ops-field" label="Method">
          {(control) => (
            <select
              {...control}
              className="input"
              aria-label={`${label} Method`}
              value={draft.method}
              disabled={disabled}
              onChange={(e) => set({ method: e.target.value as OpMethod })}
            >
              {opMethods.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="button" className="btn btn-ghost" aria-label={`Remove ${label}`} onClick={onRemove}>
          Remove
        </button>
      </div>
      {opMethodHasBody(draft.method) ? (
        <OpParametersEditor
          opLabel={label}
          params={draft.params}
          disabled={disabled}
          onChange={(params) => set({ params })}
        />
      ) : (
        <p className="ops-default-params">
          {draft.method} ops send no body and take the fixed default parameters:{' '}
          <code>{JSON.stringify(defaultOpParameters())}</code>
        </p>
      )}
    </div>
  );
}
