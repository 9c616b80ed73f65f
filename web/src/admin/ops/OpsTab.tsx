import { useCallback, useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { opsMessages, type Op } from '@app/contracts';
import { deleteSystemOp, fetchSystemOps, registerSystemOps } from '../../api/ops';
import { ApiError, answeredSignedOut } from '../../api/http';
import { pushToastAtom } from '../../state/toasts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ManageOpsTable } from './ManageOpsTable';
import { OpDraftForm } from './OpDraftForm';
import { UnderstandingOps } from './UnderstandingOps';
import { ExternalApisSection } from '../external-apis/ExternalApisSection';
import { McpServersSection } from './mcp/McpServersSection';
import { draftsProblem, emptyDraft, opInputOf, type OpDraft } from './op-drafts';
import './ops.css';
import { whileMounted } from '../../ui/while-mounted';

/** The server's own words for a refused registration (400), else the contracts' failure message. */
const registerFailure = (e: unknown): string =>
  e instanceof ApiError && e.status === 400 && e.serverMessage ? e.serverMessage : opsMessages.registerFailed;

/**
 * The Ops tab: ops drafted locally and registered (checked first: `opsMessages` when one lacks a
 * function name, a request path or a tag), the 'Manage Ops' table (search by name or tag, delete after
 * a confirmation) and 'Understanding Ops'. Ops registered here are system ops.
 */
export default function OpsTab() {
  const toast = useSetAtom(pushToastAtom);
  const [ops, setOps] = useState<Op[]>([]);
  const [loadFailed, setLoadFailed] = useState(false);
  const [drafts, setDrafts] = useState<OpDraft[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [registering, setRegistering] = useState(false);
  const [confirming, setConfirming] = useState<Op | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setOps(await fetchSystemOps());
      setLoadFailed(false);
    } catch (e) {
      if (!answeredSignedOut(e)) setLoadFailed(true);
    }
  }, []);
  useEffect(
    () =>
      whileMounted(fetchSystemOps(), setOps, (e) => {
        if (!answeredSignedOut(e)) setLoadFailed(true);
      }),
    [],
  );

  const addDraft = () => {
    setDrafts((d) => [...d, emptyDraft(nextKey)]);
    setNextKey((k) => k + 1);
  };

  const register = async () => {
    const wrong = draftsProblem(drafts);
    setProblem(wrong);
    if (wrong !== null) return;
    setRegistering(true);
    try {
      await registerSystemOps(drafts.map(opInputOf));
      setDrafts([]);
      toast({ tone: 'success', message: opsMessages.registered });
      await load();
    } catch (e) {
      if (!answeredSignedOut(e)) setProblem(registerFailure(e));
    } finally {
      setRegistering(false);
    }
  };

  const remove = async (op: Op) => {
    setConfirming(null);
    setDeleting(op.id);
    try {
      await deleteSystemOp(op);
      setOps((all) => all.filter((o) => o.id !== op.id));
      toast({ tone: 'success', message: opsMessages.deleted });
    } catch (e) {
      if (!answeredSignedOut(e)) toast({ tone: 'error', message: opsMessages.deleteFailed });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="cards ops">
      <section className="card" aria-label="OPs">
        <h3 className="card-title">OPs</h3>
        <p className="card-description">
          Register operations that assistants call as tools. Ops registered here are available to every user.
        </p>
        {drafts.length > 0 && (
          <div className="ops-drafts">
            {drafts.map((d, i) => (
              <OpDraftForm
                key={d.key}
                draft={d}
                index={i}
                disabled={registering}
                onChange={(next) => setDrafts((all) => all.map((x) => (x.key === d.key ? next : x)))}
                onRemove={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
              />
            ))}
          </div>
        )}
        <div className="ops-actions">
          <button type="button" className="btn" disabled={registering} onClick={addDraft}>
            Add Op
          </button>
          {drafts.length > 0 && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={registering}
              onClick={() => void register()}
            >
              {registering ? 'Registering...' : 'Register Ops'}
            </button>
          )}
        </div>
        {problem && (
          <p role="alert" className="field-error">
            {problem}
          </p>
        )}
      </section>
      <ExternalApisSection />
      <McpServersSection />
      <UnderstandingOps />
      {loadFailed && (
        <p role="alert" className="field-error">
          {opsMessages.loadFailed}
        </p>
      )}
      <ManageOpsTable ops={ops} deleting={deleting} onDelete={setConfirming} />
      {confirming && (
        <ConfirmDialog
          title="Delete Op"
          message={opsMessages.deleteConfirm}
          confirmLabel="Delete"
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
