import type { AnswerState } from '../model/answer';

/** The relay's status lines ('Asking <model>'), a spinner beside those in progress while streaming. */
export function StatusLines({ answer, streaming }: { answer: AnswerState; streaming: boolean }) {
  const shown = answer.statuses.filter((s) => s.summary !== '');
  const waiting = streaming && shown.length === 0 && answer.text === '';
  if (shown.length === 0 && !waiting) return null;
  // One live region around the list (a list item cannot be one, or the list stops being a list).
  return (
    <div role="status">
      <ul className="chat-statuses">
        {waiting && (
          <li className="chat-status">
            <span className="chat-spinner" aria-hidden="true" />
          </li>
        )}
        {shown.map((s) => {
          const spinning = streaming && s.inProgress;
          return (
            <li key={s.id} className="chat-status" data-in-progress={spinning}>
              {spinning && <span className="chat-spinner" aria-hidden="true" />}
              <span>{s.summary}</span>
              {s.message && <span className="muted"> {s.message}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
