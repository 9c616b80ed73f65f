import type { ReactNode } from 'react';
import { blockTexts } from '@app/contracts';

export interface BlockFrameProps {
  /** What the block is, e.g. 'Assistant draft'. */
  title: string;
  /** The block's language as the model wrote it. */
  language: string;
  /** The message is still streaming: nothing can be done yet. */
  streaming: boolean;
  children: ReactNode;
}

/** The frame every block is shown in: its title, and while the message streams, that it waits. */
export function BlockFrame({ title, language, streaming, children }: BlockFrameProps) {
  return (
    <section className="chat-block" aria-label={title} data-block={language}>
      <header className="chat-block-header">
        <span className="chat-block-title">{title}</span>
        <span className="chat-block-language muted">{language}</span>
      </header>
      {streaming ? <p className="chat-block-note muted">{blockTexts.waitingForMessage}</p> : children}
    </section>
  );
}

/** A malformed block: what is wrong, and nothing to click. */
export function BlockError({ error }: { error: string }) {
  return (
    <p role="alert" className="chat-block-error">
      {error}
    </p>
  );
}

/** The outcome of a click: the server's words, as a status or an alert. */
export function BlockOutcome({ ok, text }: { ok: boolean; text: string }) {
  return ok ? (
    <p role="status" className="chat-block-done">
      {text}
    </p>
  ) : (
    <p role="alert" className="chat-block-error">
      {text}
    </p>
  );
}
