import { useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  maxEndpointKeyLength,
  maxEndpointUrlLength,
  modelNumberInputs,
  platformMessages,
} from '@app/contracts';
import { errorText } from '../../api/http';
import { listServerModels } from '../../api/server-models';
import { sections } from '../../state/sections';
import { TextField } from '../../ui/TextField';
import { modelsOf, toSection } from './endpoint-edits';
import { importServerModels, rowsOf, type ServerModelRow } from './server-import';

interface Listing {
  chatUrl: string;
  key: string;
  rows: ServerModelRow[];
  truncated: boolean;
}

type NumberColumn = 'inputContextWindow' | 'outputTokenLimit' | 'inputTokenCost' | 'outputTokenCost';
const numberColumns: readonly { field: NumberColumn; label: string }[] = [
  { field: 'inputContextWindow', label: 'Input Context Window' },
  { field: 'outputTokenLimit', label: 'Output Token Limit' },
  { field: 'inputTokenCost', label: 'Input Token Cost per 1k' },
  { field: 'outputTokenCost', label: 'Output Token Cost per 1k' },
];

const numberPatch = (field: NumberColumn, value: string): Partial<ServerModelRow> => {
  const patch: Partial<ServerModelRow> = {};
  patch[field] = value;
  return patch;
};

const addedText = (ids: readonly string[]) =>
  `Added ${ids.join(', ')} to Supported Models and OpenAi Endpoints. Save Changes to keep them: their endpoints are tested first.`;

/**
 * 'Add models from a server': the admin gives an OpenAI-compatible server's url (and key); the
 * platform lists its models; the ticked ones, with their windows and prices, are added to both tabs
 * at once (each with an endpoint at the server), for one Save Changes.
 */
export function ServerImportCard() {
  const [url, setUrl] = useState('');
  const [key, setKey] = useState('');
  const [listing, setListing] = useState<Listing | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const endpoints = useAtomValue(sections.openaiEndpoints.value);
  const supported = useAtomValue(sections.supportedModels.value);
  const editEndpoints = useSetAtom(sections.openaiEndpoints.edit);
  const editModels = useSetAtom(sections.supportedModels.edit);
  const titleId = useId();

  const list = async () => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const data = await listServerModels({ url, ...(key === '' ? {} : { key }) });
      if (data.models.length === 0) {
        setListing(null);
        setError(platformMessages.serverModelsNone);
      } else setListing({ chatUrl: data.chatUrl, key, rows: rowsOf(data.models), truncated: data.truncated });
    } catch (e) {
      setListing(null);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const updateRow = (index: number, patch: Partial<ServerModelRow>) =>
    setListing((l) => (l ? { ...l, rows: l.rows.map((r, i) => (i === index ? { ...r, ...patch } : r)) } : l));

  const add = () => {
    if (!listing) return;
    const result = importServerModels(modelsOf(endpoints), supported, listing, listing.rows);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    editModels(() => result.supported);
    editEndpoints(() => toSection(result.endpoints));
    setListing(null);
    setError(null);
    setStatus(addedText(result.added));
  };

  const picked = listing?.rows.filter((r) => r.picked).length ?? 0;

  return (
    <section className="card server-import" aria-labelledby={titleId}>
      <header className="card-header">
        <h3 id={titleId} className="card-title">
          Add models from a server
        </h3>
      </header>
      <p className="field-hint">
        List the models of vLLM, Ollama, llama.cpp, LM Studio or any OpenAI-compatible server, tick the ones
        to add with their context windows and prices, and save: each is added with its endpoint.
      </p>
      <div className="server-import-panel">
        <form
          className="server-import-form"
          onSubmit={(e) => {
            e.preventDefault();
            void list();
          }}
        >
          <TextField
            label="Server url"
            className="server-import-url"
            type="url"
            value={url}
            onChange={setUrl}
            placeholder="http://127.0.0.1:11434"
            maxLength={maxEndpointUrlLength}
            spellCheck={false}
            autoComplete="off"
            required
          />
          <TextField
            label="Server key"
            className="server-import-key"
            type="password"
            value={key}
            onChange={setKey}
            placeholder={platformMessages.endpointKeyPlaceholder}
            maxLength={maxEndpointKeyLength}
            autoComplete="off"
          />
          <button type="submit" className="btn btn-primary" disabled={busy || url.trim() === ''}>
            {busy ? 'Listing…' : 'List models'}
          </button>
        </form>
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        {status && (
          <p role="status" className="field-hint">
            {status}
          </p>
        )}
        {listing && (
          <>
            {listing.truncated && (
              <p className="field-hint">The server lists more models; only the first ones are shown.</p>
            )}
            <div className="server-import-table-wrap">
              <table className="server-import-table" aria-label="Models of the server">
                <thead>
                  <tr>
                    <th scope="col">Add</th>
                    <th scope="col">Model</th>
                    {numberColumns.map((c) => (
                      <th key={c.field} scope="col">
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {listing.rows.map((row, i) => (
                    <tr key={row.id}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Add ${row.id}`}
                          checked={row.picked}
                          onChange={(e) => updateRow(i, { picked: e.target.checked })}
                        />
                      </td>
                      <td className="server-import-id">{row.id}</td>
                      {numberColumns.map((c) => (
                        <td key={c.field}>
                          <input
                            className="input"
                            type="number"
                            aria-label={`${c.label} of ${row.id}`}
                            min={modelNumberInputs[c.field].min}
                            step={modelNumberInputs[c.field].step}
                            value={row[c.field]}
                            onChange={(e) => updateRow(i, numberPatch(c.field, e.target.value))}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="toolbar">
              <button type="button" className="btn btn-primary" disabled={picked === 0} onClick={add}>
                Add selected models{picked > 0 ? ` (${picked})` : ''}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
