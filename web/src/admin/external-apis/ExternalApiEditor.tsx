import { useId, useState } from 'react';
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
  const id = useId();
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

  const field = (name: string) => `${id}-${name}`;
  return (
    <form
      className="external-api-editor"
      aria-label="External API editor"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave();
      }}
    >
      <label htmlFor={field('name')} className="field-label">
        Name
      </label>
      <input
        id={field('name')}
        className="input"
        value={draft.name}
        maxLength={externalApiLimits.nameLength}
        onChange={(e) => set({ name: e.target.value })}
      />
      <label htmlFor={field('method')} className="field-label">
        Request Type
      </label>
      <select
        id={field('method')}
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
      <label htmlFor={field('url')} className="field-label">
        URL
      </label>
      <input
        id={field('url')}
        className="input"
        value={draft.url}
        maxLength={externalApiLimits.urlLength}
        placeholder="https://api.example.com/items"
        onChange={(e) => set({ url: e.target.value })}
      />
      <label htmlFor={field('description')} className="field-label">
        Description
      </label>
      <textarea
        id={field('description')}
        className="input"
        value={draft.description}
        maxLength={externalApiLimits.descriptionLength}
        onChange={(e) => set({ description: e.target.value })}
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
      <label htmlFor={field('body')} className="field-label">
        Body
      </label>
      <textarea
        id={field('body')}
        className="input external-api-body"
        value={draft.body}
        maxLength={externalApiLimits.bodyLength}
        placeholder='{"key": "value"}'
        onChange={(e) => set({ body: e.target.value })}
      />
      <label htmlFor={field('auth')} className="field-label">
        Authentication
      </label>
      <select
        id={field('auth')}
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
      {draft.auth.type === 'bearer' && (
        <>
          <label htmlFor={field('token')} className="field-label">
            Token
          </label>
          <input
            id={field('token')}
            className="input"
            type="password"
            autoComplete="off"
            value={draft.auth.token}
            onChange={(e) => setAuth({ token: e.target.value })}
          />
        </>
      )}
      {draft.auth.type === 'basic' && (
        <>
          <label htmlFor={field('username')} className="field-label">
            Username
          </label>
          <input
            id={field('username')}
            className="input"
            autoComplete="off"
            value={draft.auth.username}
            onChange={(e) => setAuth({ username: e.target.value })}
          />
          <label htmlFor={field('password')} className="field-label">
            Password
          </label>
          <input
            id={field('password')}
            className="input"
            type="password"
            autoComplete="off"
            value={draft.auth.password}
            onChange={(e) => setAuth({ password: e.target.value })}
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
