import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { reasoningLevels } from '@app/contracts';
import { FormField } from '../../ui/FormField';
import { chatText } from '../chat-text';
import { sendMessageAtom } from '../actions/send-message';
import { stopRequestAtom } from '../actions/stop-request';
import { activeConversationIdAtom } from '../../state/active-conversation';
import { modelsErrorAtom, reasoningLevelAtom, selectedModelAtom } from '../../state/models';
import { liveAnswersAtom } from '../state/streams';
import {
  AttachmentTray,
  UploadButton,
  DocumentsPanel,
  addFilesAtom,
  uploadsInFlightAtom,
} from '../../documents';

/** The input: the message, Send (Enter; Shift+Enter for a new line), Stop while an answer streams. */
export function ChatInput() {
  const [text, setText] = useState('');
  const [documentsOpen, setDocumentsOpen] = useState(false);
  const model = useAtomValue(selectedModelAtom);
  const modelsError = useAtomValue(modelsErrorAtom);
  const activeId = useAtomValue(activeConversationIdAtom);
  const live = useAtomValue(liveAnswersAtom);
  const [reasoning, setReasoning] = useAtom(reasoningLevelAtom);
  const send = useSetAtom(sendMessageAtom);
  const stop = useSetAtom(stopRequestAtom);
  const addFiles = useSetAtom(addFilesAtom);
  const uploading = useAtomValue(uploadsInFlightAtom);

  const streaming = Object.values(live).find((l) => l.conversationId === activeId && l.phase !== 'ended');
  const canSend = model !== null && text.trim() !== '' && !streaming && !uploading;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    void send(text);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className="chat-input" onSubmit={submit}>
      {model === null && (
        <p role="alert" className="form-error">
          {modelsError ?? chatText.noModels}
        </p>
      )}
      {documentsOpen && <DocumentsPanel />}
      <AttachmentTray />
      <div className="chat-input-row">
        <textarea
          className="input chat-textarea"
          aria-label="Message"
          placeholder={chatText.messagePlaceholder}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="chat-input-actions">
          <UploadButton onFiles={(files) => void addFiles(files)} />
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-expanded={documentsOpen}
            onClick={() => setDocumentsOpen((open) => !open)}
          >
            Documents
          </button>
          {model?.supportsReasoning && (
            <FormField layout="wrapped" className="chat-reasoning" labelClassName="" label="Reasoning">
              {(field) => (
                <select
                  {...field}
                  className="input"
                  aria-label="Reasoning level"
                  value={reasoning}
                  onChange={(e) =>
                    setReasoning(reasoningLevels.find((l) => l === e.target.value) ?? reasoning)
                  }
                >
                  {reasoningLevels.map((level) => (
                    <option key={level} value={level}>
                      {level}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          {streaming ? (
            <button
              type="button"
              className="btn btn-danger"
              disabled={streaming.phase === 'stopping'}
              onClick={() => void stop(streaming.requestId)}
            >
              Stop
            </button>
          ) : (
            <button type="submit" className="btn btn-primary" disabled={!canSend}>
              Send
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
