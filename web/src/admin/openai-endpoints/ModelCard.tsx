import { useEffect, useId, useRef } from 'react';
import { defaultOpenAiModelName, limits, platformMessages } from '@app/contracts';
import { FormField } from '../../ui/FormField';
import { HistoryButton } from '../history/HistoryButton';
import { canDeleteModel, canRename, type ModelView } from './endpoint-edits';
import { EndpointRow } from './EndpointRow';

export interface ModelCardProps {
  model: ModelView;
  selected: ReadonlySet<number>;
  /** A message about this model (e.g. why endpoints cannot be added yet). */
  message: string | null;
  /** The Supported Models ids the name field suggests (those the tab has no entry for yet). */
  suggestions: readonly string[];
  onRename: (name: string) => void;
  onAddEndpoint: () => void;
  onDeleteModel: () => void;
  onToggle: (endpointIndex: number) => void;
  onToggleAll: (all: boolean) => void;
  onDeleteSelected: () => void;
  onChangeEndpoint: (endpointIndex: number, patch: { url?: string; key?: string }) => void;
  /** Fetches a saved key in clear, or null for an endpoint not saved yet. */
  revealFor: (endpointIndex: number) => (() => Promise<string>) | null;
}

/** One model: its name (editable while it has no endpoints), its url and key pairs and actions. */
export function ModelCard(props: ModelCardProps) {
  const { model, selected, message, onRename, onAddEndpoint, onDeleteModel, onToggle, onToggleAll } = props;
  const messageId = useId();
  const keyHintId = useId();
  const suggestionsId = useId();
  const hasNew = model.endpoints.some((e) => e.isNew === true);
  const selectAll = useRef<HTMLInputElement>(null);
  const count = model.endpoints.filter((_, i) => selected.has(i)).length;
  const all = model.endpoints.length > 0 && count === model.endpoints.length;
  const renamable = canRename(model);

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = count > 0 && !all;
  }, [count, all]);

  return (
    <section className="card model-card" aria-label={`Model ${model.name}`}>
      <div className="model-card-header">
        <FormField
          label="Model name"
          className="model-name-field"
          invalid={message !== null}
          describedBy={message ? messageId : undefined}
        >
          {(field) => (
            <input
              {...field}
              className="input model-name"
              value={model.name}
              list={renamable ? suggestionsId : undefined}
              readOnly={!renamable}
              // A model just added is named next.
              autoFocus={renamable && model.name === defaultOpenAiModelName}
              title={renamable ? undefined : 'The name can be edited only while the model has no endpoints.'}
              maxLength={limits.nameLength}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => onRename(e.target.value)}
            />
          )}
        </FormField>
        {renamable && (
          <datalist id={suggestionsId}>
            {props.suggestions.map((id) => (
              <option key={id} value={id} />
            ))}
          </datalist>
        )}
        <div className="model-actions">
          <button type="button" className="btn btn-small" onClick={onAddEndpoint}>
            Add Endpoint
          </button>
          <button
            type="button"
            className="btn btn-small btn-danger-ghost"
            disabled={count === 0}
            onClick={props.onDeleteSelected}
          >
            Delete Selected{count > 0 ? ` (${count})` : ''}
          </button>
          <button
            type="button"
            className="btn btn-small btn-danger-ghost"
            disabled={!canDeleteModel(model)}
            title={canDeleteModel(model) ? undefined : 'Delete its endpoints first.'}
            onClick={onDeleteModel}
          >
            Delete Model
          </button>
          {/* A model with a saved endpoint has a history: its endpoints' changes. */}
          {model.endpoints.some((e) => e.isNew !== true) && (
            <HistoryButton section="openaiEndpoints" item={model.name} />
          )}
        </div>
      </div>
      {message && (
        <p id={messageId} role="alert" className="form-error">
          {message}
        </p>
      )}
      {model.endpoints.length === 0 ? (
        <p className="empty">No endpoints yet. Add one with Add Endpoint.</p>
      ) : (
        <table className="endpoints-table" aria-label={`Endpoints of ${model.name}`}>
          <thead>
            <tr>
              <th className="endpoint-select" scope="col">
                <input
                  ref={selectAll}
                  type="checkbox"
                  aria-label="Select all endpoints"
                  checked={all}
                  onChange={(e) => onToggleAll(e.target.checked)}
                />
              </th>
              <th scope="col">Url</th>
              <th scope="col">Key</th>
              <th scope="col" aria-label="Status" />
            </tr>
          </thead>
          <tbody>
            {model.endpoints.map((endpoint, i) => (
              <EndpointRow
                key={i}
                endpoint={endpoint}
                position={i + 1}
                selected={selected.has(i)}
                onToggle={() => onToggle(i)}
                onChange={(patch) => props.onChangeEndpoint(i, patch)}
                reveal={props.revealFor(i)}
                keyHintId={keyHintId}
              />
            ))}
          </tbody>
        </table>
      )}
      {hasNew && (
        <p id={keyHintId} className="field-hint endpoint-key-hint">
          {platformMessages.endpointKeyOptionalHint}
        </p>
      )}
    </section>
  );
}
