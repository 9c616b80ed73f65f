import { useState, type ReactNode } from 'react';
import { blockTexts, type ApiKeyRef, type ApiKeyUpdateEntry, type ApiKeyView } from '@app/contracts';
import { deactivateApiKey, fetchApiKeys, rotateApiKey, updateApiKeys } from '../../api/api-keys';
import { errorText } from '../../api/http';
import { BlockError, BlockOutcome } from '../BlockFrame';
import { KeyList } from './KeyList';
import { keysToShow, resolveRef, updateOf, type Resolved } from './key-refs';
import { OnceSecret } from './OnceSecret';

interface Outcome {
  ok: boolean;
  text: string;
}

const refText = (r: ApiKeyRef) => (r.id === '' ? r.name : `${r.name || 'API key'} (${r.id})`);

function RefList({ refs }: { refs: readonly ApiKeyRef[] }) {
  return (
    <ul className="chat-block-refs">
      {refs.map((r) => (
        <li key={`${r.id}/${r.name}`}>{refText(r)}</li>
      ))}
    </ul>
  );
}

/** Every entry matched to a key, or the errors of those that are not (then nothing is done). */
const resolveAll = <T extends ApiKeyRef>(
  entries: readonly T[],
  keys: readonly ApiKeyView[],
): { ok: true; matched: { key: ApiKeyView; entry: T }[] } | { ok: false; errors: string[] } => {
  const resolved: Resolved<T>[] = entries.map((e) => resolveRef(e, keys));
  const errors = resolved.flatMap((r) => (r.ok ? [] : [r.error]));
  return errors.length > 0
    ? { ok: false, errors }
    : { ok: true, matched: resolved.flatMap((r) => (r.ok ? [{ key: r.key, entry: r.entry }] : [])) };
};

/** GET: the keys it names (all when none), each active one with Rotate (a new secret, shown once). */
export function GetKeysBlock({ refs }: { refs: readonly ApiKeyRef[] }) {
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ keys: ApiKeyView[]; errors: string[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [rotated, setRotated] = useState<Record<string, Outcome & { secret: string | null }>>({});

  const run = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const { shown: keys, errors } = keysToShow(refs, await fetchApiKeys());
      setShown({ keys, errors });
    } catch (e) {
      setFailed(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const rotate = async (key: ApiKeyView) => {
    try {
      const answer = await rotateApiKey(key.apiKeyId);
      setRotated((r) => ({
        ...r,
        [key.apiKeyId]: { ok: true, text: answer.message, secret: answer.data.secret ?? null },
      }));
    } catch (e) {
      setRotated((r) => ({ ...r, [key.apiKeyId]: { ok: false, text: errorText(e), secret: null } }));
    }
  };

  return (
    <div className="chat-block-body">
      <p className="chat-block-note">
        {refs.length === 0 ? 'Shows all of your API keys.' : 'Shows these API keys:'}
      </p>
      {refs.length > 0 && <RefList refs={refs} />}
      <div className="chat-block-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run()}>
          {blockTexts.apiKeyRun.GET}
        </button>
      </div>
      {failed !== null && <BlockError error={failed} />}
      {shown?.errors.map((e) => (
        <BlockError key={e} error={e} />
      ))}
      {shown && shown.keys.length === 0 && shown.errors.length === 0 && (
        <p className="chat-block-note">{blockTexts.noKeys}</p>
      )}
      {shown && (
        <KeyList
          keys={shown.keys}
          action={(key) => {
            const outcome = rotated[key.apiKeyId];
            return (
              <div className="chat-block-key-action">
                {key.active && (
                  <button type="button" className="btn" onClick={() => void rotate(key)}>
                    {blockTexts.rotate}
                  </button>
                )}
                {outcome && <BlockOutcome ok={outcome.ok} text={outcome.text} />}
                {outcome?.secret && (
                  <OnceSecret secret={outcome.secret} label={`New secret of ${key.applicationName}`} />
                )}
              </div>
            );
          }}
        />
      )}
    </div>
  );
}

/**
 * Runs `act` on the keys the entries name, once every entry is matched to a key (nothing is done
 * while one is not: its error is the outcome): busy meanwhile, the outcomes after.
 */
function useMatchedRun<T extends ApiKeyRef>(
  entries: readonly T[],
  act: (matched: { key: ApiKeyView; entry: T }[]) => Promise<Outcome[]>,
) {
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);

  const run = async () => {
    setBusy(true);
    try {
      const resolved = resolveAll(entries, await fetchApiKeys());
      setOutcomes(
        resolved.ok ? await act(resolved.matched) : resolved.errors.map((text) => ({ ok: false, text })),
      );
    } catch (e) {
      setOutcomes([{ ok: false, text: errorText(e) }]);
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcomes, run };
}

interface MatchedRunBodyProps {
  note: string;
  list: ReactNode;
  runLabel: string;
  runClassName: string;
  busy: boolean;
  outcomes: readonly Outcome[];
  run: () => Promise<void>;
}

/** A block acting on the keys it names: what it does, the keys, its button, then the outcomes. */
function MatchedRunBody({ note, list, runLabel, runClassName, busy, outcomes, run }: MatchedRunBodyProps) {
  return (
    <div className="chat-block-body">
      <p className="chat-block-note">{note}</p>
      {list}
      <div className="chat-block-actions">
        <button type="button" className={runClassName} disabled={busy} onClick={() => void run()}>
          {runLabel}
        </button>
      </div>
      {outcomes.map((o) => (
        <BlockOutcome key={o.text} ok={o.ok} text={o.text} />
      ))}
    </div>
  );
}

/** UPDATE: the entries and what each changes; all matched to keys first, then one update of them all. */
export function UpdateKeysBlock({ entries }: { entries: readonly ApiKeyUpdateEntry[] }) {
  const state = useMatchedRun(entries, async (matched) => {
    const answer = await updateApiKeys(matched.map(({ key, entry }) => updateOf(key.apiKeyId, entry)));
    return [{ ok: true, text: answer.message }];
  });
  return (
    <MatchedRunBody
      {...state}
      note="Updates these API keys:"
      list={
        <ul className="chat-block-refs">
          {entries.map((e) => (
            <li key={`${e.id}/${e.name}`}>
              {refText(e)}: {changedFields(e).join(', ')}
            </li>
          ))}
        </ul>
      }
      runLabel={blockTexts.apiKeyRun.UPDATE}
      runClassName="btn btn-primary"
    />
  );
}

const changedFields = (e: ApiKeyUpdateEntry): string[] =>
  (
    [
      ['appName', 'application name'],
      ['appDescription', 'description'],
      ['account', 'account'],
      ['rateLimit', 'rate limit'],
      ['expirationDate', 'expiration date'],
      ['accessTypes', 'access types'],
    ] as const
  ).flatMap(([field, label]) => (e[field] !== undefined ? [`new ${label}`] : []));

/** DEACTIVATE: the keys it names; all matched first, then each deactivated, with the server's words. */
export function DeactivateKeysBlock({ refs }: { refs: readonly ApiKeyRef[] }) {
  const state = useMatchedRun(refs, async (matched) => {
    const results: Outcome[] = [];
    for (const { key } of matched) {
      try {
        const answer = await deactivateApiKey(key.apiKeyId);
        results.push({ ok: true, text: `${key.applicationName}: ${answer.message}` });
      } catch (e) {
        results.push({ ok: false, text: `${key.applicationName}: ${errorText(e)}` });
      }
    }
    return results;
  });
  return (
    <MatchedRunBody
      {...state}
      note="Deactivates these API keys for good (a key cannot be reactivated):"
      list={<RefList refs={refs} />}
      runLabel={blockTexts.apiKeyRun.DEACTIVATE}
      runClassName="btn btn-danger"
    />
  );
}
