import { useId, useState, type FormEvent } from 'react';
import { isEmbeddingModel, limits, type Model, type SupportedModelsSection } from '@app/contracts';
import { TextAreaField, TextField } from '../../../ui/TextField';
import { checkModelForm } from '../model-edits';
import {
  modelOfDraft,
  numberErrorsOf,
  numberFieldError,
  type ModelDraft,
  type NumberErrors,
  type NumberField,
} from '../model-draft';
import { modelText } from '../text';
import { GroupAvailabilityPicker } from './GroupAvailabilityPicker';
import { NumberInput } from './NumberInput';
import { ProviderSelect } from './ProviderSelect';
import { ToggleField } from './ToggleField';
import { FormActions } from '../../../ui/DialogActions';

export interface ModelFormProps {
  initial: ModelDraft;
  /** The id of the model being edited; null while adding. */
  originalId: string | null;
  models: SupportedModelsSection;
  submitLabel: string;
  onSubmit: (model: Model) => void;
  onCancel: () => void;
}

const numberLabels: Record<NumberField, string> = {
  inputContextWindow: 'Input Context Window',
  outputTokenLimit: 'Output Token Limit',
  inputTokenCost: 'Input Token Cost per 1k',
  outputTokenCost: 'Output Token Cost per 1k',
  cachedTokenCost: 'Cached Token Cost per 1k',
};

const limitFields: readonly NumberField[] = ['inputContextWindow', 'outputTokenLimit'];
const costFields: readonly NumberField[] = ['inputTokenCost', 'outputTokenCost', 'cachedTokenCost'];

/** Every field of a model; the required-fields message on submit. */
export function ModelForm({ initial, originalId, models, submitLabel, onSubmit, onCancel }: ModelFormProps) {
  const [draft, setDraft] = useState(initial);
  const [numberErrors, setNumberErrors] = useState<NumberErrors>({});
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const embedding = isEmbeddingModel(draft.id.trim());
  const idFixed = originalId !== null && initial.isBuiltIn;

  const change = <K extends keyof ModelDraft>(key: K, value: ModelDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setError(null);
  };
  const changeNumber = (field: NumberField, value: string) => {
    change(field, value);
    setNumberErrors((errors) => ({ ...errors, [field]: numberFieldError(field, value) ?? undefined }));
  };

  const numberInput = (field: NumberField) => (
    <NumberInput
      key={field}
      field={field}
      label={numberLabels[field]}
      value={draft[field]}
      error={numberErrors[field]}
      onChange={(v) => changeNumber(field, v)}
    />
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = numberErrorsOf(draft);
    setNumberErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const model = modelOfDraft(draft);
    const problem = checkModelForm(model, models, originalId);
    if (problem !== null) {
      setError(problem);
      return;
    }
    onSubmit(model);
  };

  return (
    <form className="model-form" onSubmit={submit} noValidate aria-describedby={error ? errorId : undefined}>
      <div className="model-form-grid">
        <TextField
          label="ID"
          className="model-field"
          hint={idFixed ? modelText.builtInIdFixed : undefined}
          value={draft.id}
          maxLength={limits.nameLength}
          readOnly={idFixed}
          autoComplete="off"
          data-autofocus
          onChange={(v) => change('id', v)}
        />
        <TextField
          label="Name"
          className="model-field"
          value={draft.name}
          maxLength={limits.modelNameLength}
          autoComplete="off"
          onChange={(v) => change('name', v)}
        />
        <ProviderSelect value={draft.provider} onChange={(v) => change('provider', v)} />
      </div>
      <div className="model-form-grid model-form-text">
        <TextAreaField
          label="Description"
          className="model-field"
          controlClassName="input textarea"
          rows={3}
          value={draft.description}
          maxLength={limits.descriptionLength}
          onChange={(v) => change('description', v)}
        />
        <TextAreaField
          label="Additional System Prompt"
          className="model-field"
          controlClassName="input textarea"
          rows={3}
          value={draft.systemPrompt}
          maxLength={limits.systemPromptLength}
          onChange={(v) => change('systemPrompt', v)}
        />
      </div>
      <div className="model-form-grid model-form-limits">
        {limitFields.map((field) => numberInput(field))}
      </div>
      <div className="model-form-grid model-form-costs">{costFields.map((field) => numberInput(field))}</div>
      <div className="model-toggles" role="group" aria-label="Model capabilities">
        {!embedding && (
          <ToggleField
            label="Available"
            checked={draft.isAvailable}
            onChange={(v) => change('isAvailable', v)}
          />
        )}
        {!embedding && (
          <ToggleField
            label="Supports Images"
            checked={draft.supportsImages}
            onChange={(v) => change('supportsImages', v)}
          />
        )}
        {!embedding && (
          <ToggleField
            label="Supports Reasoning"
            checked={draft.supportsReasoning}
            onChange={(v) => change('supportsReasoning', v)}
          />
        )}
        <ToggleField
          label="Supports System Prompts"
          checked={draft.supportsSystemPrompts}
          onChange={(v) => change('supportsSystemPrompts', v)}
        />
      </div>
      <GroupAvailabilityPicker
        value={draft.exclusiveGroupAvailability}
        onChange={(groups) => change('exclusiveGroupAvailability', groups)}
      />
      {error && (
        <p id={errorId} role="alert" className="form-error model-form-error">
          {error}
        </p>
      )}
      <FormActions submit={submitLabel} onCancel={onCancel} />
    </form>
  );
}
