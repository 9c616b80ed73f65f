import { useState } from 'react';
import {
  externalApiAuthTypes,
  externalApiLimits,
  externalApiMessages,
  externalApiRequestTypes,
  type ExternalApiAuthType,
  type ExternalApiTestResponse,
} from '@app/contracts';
import { saveExternalApi, testExternalApi } from '../../api/external-apis';
import { errorText } from '../../api/http';
import { SelectField } from '../../ui/SelectField';
import { TextAreaField, TextField } from '../../ui/TextField';
import { callProblems, draftProblems, inputOf, type ExternalApiDraft } from './draft';
import { ExternalApiRows } from './ExternalApiRows';

export interface ExternalApiEditorProps {
  initial: ExternalApiDraft;
  /** Saved: the position to wait for and the definition's name. */
  onSaved: (position: string, name: string) => void;
  onCancel: () => void;
}

const authLabels: Record<ExternalApiAuthType, string> = { none: 'None', basic: 'Basic', bearer: 'Bearer' };

/**
 * The external API editor: name, url and description required;
 * request type GET, POST, PUT, DELETE or PATCH; parameters, headers, a body (sent as JSON when it is
 * JSON); auth none, basic or bearer (saved credentials show as masks). Test calls it through the
 * platform and shows the JSON result.
 */
export function ExternalApiEditor({ initial, onSaved, onCancel }: ExternalApiEditorProps) {
  const [draft, setDraft] = useState<ExternalApiDraft>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState<'saving' | 'testing' | null>(null);
  const [result, setResult] = useState<ExternalApiTestResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<ExternalApiDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setAuth = (patch: Partial<ExternalApiDraft['auth']>) =>
    setDraft((d) => ({ ...d, auth: { ...d.auth, ...patch } }));

  const onSave = async () => {
    const found = draftProblems(draft);
    setProblems(found);
    setFailure(null);
    if (found.length > 0) return;
    setBusy('saving');
    try {
      const saved = await saveExternalApi(inputOf(draft));
      onSaved(saved.position, draft.name.trim());
    } catch (e) {
      setFailure(errorText(e) || externalApiMessages.saveFailed);
    } finally {
      setBusy(null);
    }
  };

  const onTest = async () => {
    const found = callProblems(draft);
    setProblems(found);
    setFailure(null);
    setResult(null);
    if (found.length > 0) return;
    setBusy('testing');
    try {
      setResult(await testExternalApi(inputOf(draft)));
    } catch (e) {
      setFailure(errorText(e) || externalApiMessages.testFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <form
      className="external-api-editor"
      aria-label="External API editor"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave();
      }}
    >
      <TextField
        label="Name"
        value={draft.name}
        maxLength={externalApiLimits.nameLength}
        onChange={(name) => set({ name })}
      />
      <SelectField
        label="Request Type"
        value={draft.requestType}
        options={externalApiRequestTypes}
        onChange={(requestType) => set({ requestType })}
      />
      <TextField
        label="URL"
        value={draft.url}
        maxLength={externalApiLimits.urlLength}
        placeholder="https://api.example.com/items"
        onChange={(url) => set({ url })}
      />
      <TextAreaField
        label="Description"
        value={draft.description}
        maxLength={externalApiLimits.descriptionLength}
        onChange={(description) => set({ description })}
      />
      <ExternalApiRows
        title="Parameters"
        rows={draft.params.map((p) => ({ first: p.name, second: p.description }))}
        labels={['Parameter name', 'Parameter description']}
        max={externalApiLimits.params}
        onChange={(rows) => set({ params: rows.map((r) => ({ name: r.first, description: r.second })) })}
      />
      <ExternalApiRows
        title="Headers"
        rows={draft.headers.map((h) => ({ first: h.name, second: h.value }))}
        labels={['Header name', 'Header value']}
        max={externalApiLimits.headers}
        onChange={(rows) => set({ headers: rows.map((r) => ({ name: r.first, value: r.second })) })}
      />
      <TextAreaField
        label="Body"
        controlClassName="input external-api-body"
        value={draft.body}
        maxLength={externalApiLimits.bodyLength}
        placeholder='{"key": "value"}'
        onChange={(body) => set({ body })}
      />
      <SelectField
        label="Authentication"
        value={draft.auth.type}
        options={externalApiAuthTypes}
        optionLabel={(t) => authLabels[t]}
        onChange={(type) => setAuth({ type })}
      />
      {draft.auth.type === 'bearer' && (
        <TextField
          label="Token"
          type="password"
          autoComplete="off"
          value={draft.auth.token}
          onChange={(token) => setAuth({ token })}
        />
      )}
      {draft.auth.type === 'basic' && (
        <>
          <TextField
            label="Username"
            autoComplete="off"
            value={draft.auth.username}
            onChange={(username) => setAuth({ username })}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="off"
            value={draft.auth.password}
            onChange={(password) => setAuth({ password })}
          />
        </>
      )}
      {problems.length > 0 && (
        <ul role="alert" className="field-error external-api-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <div className="external-api-actions">
        <button type="button" className="btn" disabled={busy !== null} onClick={() => void onTest()}>
          {busy === 'testing' ? 'Testing...' : 'Test'}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy !== null}>
          {busy === 'saving' ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {result && <ExternalApiTestResult result={result} />}
    </form>
  );
}

/** The Test's answer: the status and the JSON result (or the text), or why the call failed. */
function ExternalApiTestResult({ result }: { result: ExternalApiTestResponse }) {
  if (!result.success)
    return (
      <p role="alert" className="field-error">
        {result.message}
      </p>
    );
  const shown = typeof result.result === 'string' ? result.result : JSON.stringify(result.result, null, 2);
  return (
    <section className="external-api-result" aria-label="Test result">
      <p>
        Status {result.status}
        {result.truncated ? ' (the answer was cut)' : ''}
      </p>
      <pre>{shown}</pre>
    </section>
  );
}
