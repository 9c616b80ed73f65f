import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { messageActionText } from './message-action-text';
import { rateAnswerAtom } from './ratings';

/** After Bad response: an optional word on what was wrong, sent with the rating again. */
export function BadComment({ requestId, onDone }: { requestId: string; onDone: () => void }) {
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const rate = useSetAtom(rateAnswerAtom);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (comment.trim() === '') return;
    setSending(true);
    const sent = await rate({ requestId, rating: 'bad', comment });
    setSending(false);
    if (sent) onDone();
  };

  return (
    <form className="message-feedback" onSubmit={(e) => void submit(e)}>
      <textarea
        className="input message-feedback-input"
        aria-label={messageActionText.badComment}
        placeholder={messageActionText.badComment}
        rows={2}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
      />
      <div className="message-edit-actions">
        <button type="button" className="btn btn-small" onClick={onDone}>
          {messageActionText.cancel}
        </button>
        <button
          type="submit"
          className="btn btn-primary btn-small"
          disabled={sending || comment.trim() === ''}
        >
          {messageActionText.sendFeedback}
        </button>
      </div>
    </form>
  );
}
