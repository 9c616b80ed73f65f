import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { messageActionText } from './message-action-text';

export interface EditMessageFormProps {
  initial: string;
  /** An answer streams in the conversation: the edit waits for it to end. */
  busy: boolean;
  onSend: (text: string) => void;
  onCancel: () => void;
}

/** A user message edited in place: Save & send (Enter) sends it as a new version; Cancel (Escape) leaves it. */
export function EditMessageForm({ initial, busy, onSend, onCancel }: EditMessageFormProps) {
  const [text, setText] = useState(initial);
  const input = useRef<HTMLTextAreaElement>(null);
  const canSend = !busy && text.trim() !== '';

  useEffect(() => {
    const area = input.current;
    if (area === null) return;
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
  }, []);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className="message-edit" onSubmit={submit}>
      <textarea
        ref={input}
        className="input message-edit-input"
        aria-label={messageActionText.editedLabel}
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="message-edit-actions">
        <button type="button" className="btn btn-small" onClick={onCancel}>
          {messageActionText.cancel}
        </button>
        <button type="submit" className="btn btn-primary btn-small" disabled={!canSend}>
          {messageActionText.saveAndSend}
        </button>
      </div>
    </form>
  );
}
