import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { adminMessages } from '@app/contracts';
import { revealSecret } from '../../api/secrets';
import { sections } from '../../state/sections';
import { SelectField } from '../../ui/SelectField';
import { ChangedBy } from '../shell/ChangedBy';
import { SectionNotice } from '../shell/SectionNotice';
import {
  addEndpoint,
  addModel,
  addPickedModel,
  deleteEndpoints,
  deleteModel,
  modelsOf,
  renameModel,
  savedEndpointIndex,
  setNewEndpoint,
  toSection,
  unlistedModelIds,
  type EditResult,
  type ModelView,
} from './endpoint-edits';
import { ModelCard } from './ModelCard';
import { ServerImportCard } from './ServerImportCard';
import './openai-endpoints.css';

type Selection = Readonly<Record<number, ReadonlySet<number>>>;
const none: ReadonlySet<number> = new Set();

/** The OpenAi Endpoints tab: models, each with its url and key pairs. */
export default function OpenAiEndpointsTab() {
  const section = useAtomValue(sections.openaiEndpoints.value);
  const { server } = useAtomValue(sections.openaiEndpoints.state);
  const edit = useSetAtom(sections.openaiEndpoints.edit);
  const supported = useAtomValue(sections.supportedModels.value);
  /** The Supported Models id Add Model adds; '' for a model whose name is typed. */
  const [picked, setPicked] = useState('');
  const [selection, setSelection] = useState<Selection>({});
  /** A message about one model (index) or about adding a model (null). */
  const [message, setMessage] = useState<{ model: number | null; text: string } | null>(null);
  const models = modelsOf(section);
  const saved = modelsOf(server);
  const supportedIds = Object.keys(supported);
  const unlisted = unlistedModelIds(supportedIds, models);
  const pick = unlisted.includes(picked) ? picked : '';
  const optionLabel = (id: string) => {
    const name = supported[id]?.name.trim() ?? '';
    return name === '' || name === id ? id : `${name} (${id})`;
  };

  const change = (update: (models: ModelView[]) => ModelView[]) =>
    edit((current) => toSection(update(modelsOf(current))));

  /** An edit that may be refused: applied, or its message shown (for `model`, or the tab). */
  const attempt = (model: number | null, run: (models: ModelView[]) => EditResult) => {
    const result = run(models);
    if (!result.ok) {
      setMessage({ model, text: result.message });
      return;
    }
    setMessage(null);
    edit(() => toSection(result.models));
  };

  const select = (index: number, update: (set: ReadonlySet<number>) => ReadonlySet<number>) =>
    setSelection((prev) => ({ ...prev, [index]: update(prev[index] ?? none) }));

  const toggle = (index: number, endpoint: number) =>
    select(index, (set) => {
      const next = new Set(set);
      if (next.has(endpoint)) next.delete(endpoint);
      else next.add(endpoint);
      return next;
    });

  const revealFor = (model: ModelView, endpoint: number) => {
    const target = model.endpoints[endpoint];
    const index = target ? savedEndpointIndex(saved, model.name, target) : null;
    return index === null
      ? null
      : () => revealSecret({ section: 'openaiEndpoints', model: model.name, index });
  };

  return (
    <div className="openai-endpoints">
      <section className="card openai-endpoints-header" aria-label="OpenAi Endpoints">
        <header className="card-header">
          <h3 className="card-title">OpenAi Endpoints</h3>
          <span className="muted">{models.length === 1 ? '1 model' : `${models.length} models`}</span>
        </header>
        <ChangedBy section="openaiEndpoints" />
        <p className="field-hint">
          New endpoints are tested when you save. Endpoints without a url are dropped, an endpoint without a
          key is saved only for a keyless server on an address OUTBOUND_ALLOW lists, and a model left without
          endpoints is removed.
        </p>
        <SectionNotice type="openaiEndpoints" />
        <div className="toolbar">
          <SelectField
            label="Model from Supported Models"
            className="endpoint-model-pick"
            emptyOption="None: type a name"
            value={pick}
            options={unlisted}
            optionLabel={optionLabel}
            onChange={setPicked}
          />
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setPicked('');
              attempt(null, (ms) => (pick === '' ? addModel(ms) : addPickedModel(ms, pick)));
            }}
          >
            Add Model
          </button>
        </div>
        {message?.model === null && (
          <p role="alert" className="form-error">
            {message.text}
          </p>
        )}
      </section>
      {models.length === 0 ? (
        <p className="empty">{adminMessages.noOpenAiEndpoints}</p>
      ) : (
        models.map((model, index) => (
          <ModelCard
            key={index}
            model={model}
            selected={selection[index] ?? none}
            message={message?.model === index ? message.text : null}
            suggestions={unlisted}
            onRename={(name) => {
              if (message?.model === index) setMessage(null);
              change((ms) => renameModel(ms, index, name));
            }}
            onAddEndpoint={() => attempt(index, (ms) => addEndpoint(ms, index))}
            onDeleteModel={() => {
              setSelection({});
              setMessage(null);
              change((ms) => deleteModel(ms, index));
            }}
            onToggle={(endpoint) => toggle(index, endpoint)}
            onToggleAll={(all) =>
              select(index, () => (all ? new Set(model.endpoints.map((_, i) => i)) : none))
            }
            onDeleteSelected={() => {
              const chosen = selection[index] ?? none;
              select(index, () => none);
              change((ms) => deleteEndpoints(ms, index, chosen));
            }}
            onChangeEndpoint={(endpoint, patch) => change((ms) => setNewEndpoint(ms, index, endpoint, patch))}
            revealFor={(endpoint) => revealFor(model, endpoint)}
          />
        ))
      )}
      <ServerImportCard />
    </div>
  );
}
