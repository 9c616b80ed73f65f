import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ChatSource } from '@app/contracts';
import { SourcesList } from '../../../documents';
import '../../../styles/base.css';
import '../../../styles/chat.css';

/**
 * A page for the browser tests of message rendering (test/e2e/chat-render*.test.ts), built on its
 * own by test/e2e/support/render-harness: never part of the app's build. A test shows a new
 * message with `window.renderHarness.show(text, streaming)` and changes it (more text, the end of
 * its stream) with `update`, and the sources under it with `sources`; MessageMarkdown is loaded
 * lazily, as the chat screen loads it. The page follows `<html data-theme>` as the app does.
 */
const MessageMarkdown = lazy(() => import('../MessageMarkdown'));

interface Shown {
  text: string;
  streaming: boolean;
  /** A new message is a new component: its viewers start afresh. */
  key: number;
}

declare global {
  interface Window {
    renderHarness?: {
      show: (text: string, streaming: boolean) => void;
      update: (text: string, streaming: boolean) => void;
      sources: (sources: ChatSource[]) => void;
    };
  }
}

function Harness() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [sources, setSources] = useState<ChatSource[]>([]);
  useEffect(() => {
    window.renderHarness = {
      show: (text, streaming) => setShown((s) => ({ text, streaming, key: (s?.key ?? 0) + 1 })),
      update: (text, streaming) => setShown((s) => ({ text, streaming, key: s?.key ?? 1 })),
      sources: setSources,
    };
    document.body.dataset['harness'] = 'ready';
  }, []);
  return (
    <main className="harness-page">
      {shown && (
        <Suspense fallback={<p>Loading…</p>}>
          <article className="harness-message chat-message chat-message-answer" key={shown.key}>
            <MessageMarkdown text={shown.text} streaming={shown.streaming} />
          </article>
        </Suspense>
      )}
      <SourcesList sources={sources} />
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('The harness page has no #root.');
createRoot(root).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
