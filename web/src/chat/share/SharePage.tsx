import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { ShareId, shareMessages, type ShareSnapshot } from '@app/contracts';
import { errorText } from '../../api/http';
import { openShare, type ShareOpened } from '../../api/shares';
import { pushToastAtom } from '../../state/toasts';
import { conversationStorageAtom, loadUserSettingsAtom } from '../../state/user-settings';
import { AnswerMessage } from '../components/AnswerMessage';
import { importConversationsAtom } from '../export/file-actions';
import { useTheme } from '../hooks/use-theme';
import { openConversationAtom } from '../state/conversations';
import { fileOfSnapshot } from './share-copy';
import '../../styles/chat.css';
import './share.css';

type PageState = { kind: 'loading' } | ShareOpened | { kind: 'failed'; message: string };

const when = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
};

export interface SharePageProps {
  /** The path's share id as written (not a share id: the page says the link does not exist). */
  shareId: string;
  /** Back to the user's own chats (the conversation copied, when one was, is open there). */
  onLeave: () => void;
}

/**
 * A shared conversation (`/share/<shareId>`), read-only: its name, who shared it and when, each
 * question with the names of what was attached and each answer rendered as the chat renders it
 * (markdown, math, code), with its model and time; 'Continue in my chats' copies it into the
 * viewer's own storage. A share not theirs, or gone, is a page that says so.
 */
export function SharePage({ shareId, onLeave }: SharePageProps) {
  const [state, setState] = useState<PageState>(() =>
    ShareId.safeParse(shareId).success ? { kind: 'loading' } : { kind: 'gone', message: shareMessages.gone },
  );
  const loadSettings = useSetAtom(loadUserSettingsAtom);
  const asked = useRef(false);
  useTheme();

  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);

  useEffect(() => {
    // Each read is a recorded view: once per page, also when React runs effects twice.
    if (asked.current || !ShareId.safeParse(shareId).success) return;
    asked.current = true;
    openShare(shareId).then(setState, (e: unknown) => setState({ kind: 'failed', message: errorText(e) }));
  }, [shareId]);

  return (
    <main className="share-page" aria-busy={state.kind === 'loading'}>
      {state.kind === 'loading' && <p role="status">Loading…</p>}
      {state.kind === 'shown' && <SharedConversation snapshot={state.snapshot} onLeave={onLeave} />}
      {(state.kind === 'notAllowed' || state.kind === 'gone' || state.kind === 'failed') && (
        <section className="share-notice" aria-labelledby="share-notice-title">
          <h1 id="share-notice-title">
            {state.kind === 'notAllowed'
              ? 'Not shared with you'
              : state.kind === 'gone'
                ? 'This link no longer exists'
                : 'The shared conversation could not be loaded'}
          </h1>
          <p role="alert">{state.message}</p>
          <button type="button" className="btn btn-primary" onClick={onLeave}>
            Go to my chats
          </button>
        </section>
      )}
    </main>
  );
}

function SharedConversation({ snapshot, onLeave }: { snapshot: ShareSnapshot; onLeave: () => void }) {
  const storage = useAtomValue(conversationStorageAtom);
  const importFile = useSetAtom(importConversationsAtom);
  const open = useSetAtom(openConversationAtom);
  const toast = useSetAtom(pushToastAtom);
  const [busy, setBusy] = useState(false);

  const onContinue = async () => {
    setBusy(true);
    try {
      const result = await importFile({ file: fileOfSnapshot(snapshot, new Date().toISOString()), storage });
      if (!result.ok) {
        toast({ tone: 'error', message: result.message });
        return;
      }
      const [id] = result.ids;
      if (id !== undefined) await open(id);
      toast({ tone: 'success', message: shareMessages.continued });
      onLeave();
    } catch (e) {
      toast({ tone: 'error', message: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <header className="share-header">
        <div className="share-heading">
          <h1>{snapshot.name}</h1>
          <p className="muted">
            Shared by {snapshot.owner} · <time dateTime={snapshot.sharedAt}>{when(snapshot.sharedAt)}</time> ·
            read-only
          </p>
        </div>
        <div className="share-header-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void onContinue()}>
            Continue in my chats
          </button>
          <button type="button" className="btn" onClick={onLeave}>
            Go to my chats
          </button>
        </div>
      </header>
      <div className="chat-messages share-messages" role="log" aria-label="Shared messages">
        {snapshot.turns.map((turn, i) => (
          <div key={i} className="share-turn">
            <article className="chat-message chat-message-user" aria-label="Question">
              <div className="chat-bubble">{turn.question}</div>
              {turn.documents.length > 0 && (
                <p className="share-documents muted">Attached: {turn.documents.join(', ')}</p>
              )}
            </article>
            {turn.answer !== null && (
              <AnswerMessage
                content={{
                  id: `t${i}:assistant`,
                  role: 'assistant',
                  content: turn.answer,
                  requestId: `t${i}`,
                  at: turn.at,
                  ...(turn.model === null ? {} : { model: turn.model }),
                }}
                live={null}
              />
            )}
            <p className="share-meta muted">
              {turn.model ?? 'Unknown model'} · <time dateTime={turn.at}>{when(turn.at)}</time>
            </p>
          </div>
        ))}
      </div>
    </>
  );
}
