import { useState } from 'react';
import {
  externalApiAuthTypes,
  externalApiLimits,
  externalApiMessages,
  externalApiRequestTypes,
  type ExternalApiAuthType,
  type ExternalApiRequestType,
  type ExternalApiTestResponse,
} from '@app/contracts';
import { saveExternalApi, testExternalApi } from '../../api/external-apis';
import { errorText } from '../../api/http';
import { FormField } from '../../ui/FormField';
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
      <FormField label="Name">
        {(control) => (
          <input
            {...control}
            className="input"
            value={draft.name}
            maxLength={externalApiLimits.nameLength}
            onChange={(e) => set({ name: e.target.value })}
          />
        )}
      </FormField>
      <FormField label="Request Type">
        {(control) => (
          <select
            {...control}
            className="input"
            value={draft.requestType}
            onChange={(e) => set({ requestType: e.target.value as ExternalApiRequestType })}
          >
            {externalApiRequestTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="URL">
        {(control) => (
          <input
            {...control}
            className="input"
            value={draft.url}
            maxLength={externalApiLimits.urlLength}
            placeholder="https://api.example.com/items"
            onChange={(e) => set({ url: e.target.value })}
          />
        )}
      </FormField>
      <FormField label="Description">
        {(control) => (
          <textarea
            {...control}
            className="input"
            value={draft.description}
            maxLength={externalApiLimits.descriptionLength}
            onChange={(e) => set({ description: e.target.value })}
          />
        )}
      </FormField>
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
      <FormField label="Body">
        {(control) => (
          <textarea
            {...control}
            className="input external-api-body"
            value={draft.body}
            maxLength={externalApiLimits.bodyLength}
            placeholder='{"key": "value"}'
            onChange={(e) => set({ body: e.target.value })}
          />
        )}
      </FormField>
      <FormField label="Authentication">
        {(control) => (
          <select
            {...control}
            className="input"
            value={draft.auth.type}
            onChange={(e) => setAuth({ type: e.target.value as ExternalApiAuthType })}
          >
            {externalApiAuthTypes.map((t) => (
              <option key={t} value={t}>
                {authLabels[t]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {draft.auth.type === 'bearer' && (
        <>
          <FormField label="Token">
            {(control) => (
              <input
                {...control}
                className="input"
                type="password"
                autoComplete="off"
                value={draft.auth.token}
                onChange={(e) => setAuth({ token: e.target.value })}
              />
            )}
          </FormField>
        </>
      )}
      {draft.auth.type === 'basic' && (
        <>
          <FormField label="Username">
            {(control) => (
              <input
                {...control}
                className="input"
                autoComplete="off"
                value={draft.auth.username}
                onChange={(e) => setAuth({ username: e.target.value })}
              />
            )}
          </FormField>
          <FormField label="Password">
            {(control) => (
              <input
                {...control}
                className="input"
                type="password"
                autoComplete="off"
                value={draft.auth.password}
                onChange={(e) => setAuth({ password: e.target.value })}
              />
            )}
          </FormField>
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
