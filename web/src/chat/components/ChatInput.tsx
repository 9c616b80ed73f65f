import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { reasoningLevels } from '@app/contracts';
import { FormField } from '../../ui/FormField';
import { chatText } from '../chat-text';
import { sendMessageAtom } from '../actions/send-message';
import { stopRequestAtom } from '../actions/stop-request';
import {
  modelsErrorAtom,
  modelsSettledAtom,
  reasoningLevelAtom,
  selectedModelAtom,
} from '../../state/models';
import { streamingAnswerAtom } from '../shortcuts/streaming-answer';
import { messageInputId } from '../shortcuts/targets';
import { SendIcon, StopIcon } from '../header/icons';
import { NoModelNotice } from './NoModelNotice';
import {
  AttachmentTray,
  UploadButton,
  DocumentsPanel,
  addFilesAtom,
  uploadsInFlightAtom,
} from '../../documents';
import { ToolsMenu } from '../tools';

/**
 * The composer: the message (Enter sends, Shift+Enter starts a new line), attach, Documents, Tools
 * (the MCP servers turned on), the reasoning level where the model reasons, and Send, or Stop while
 * an answer streams.
 */
export function ChatInput() {
  const [text, setText] = useState('');
  const [documentsOpen, setDocumentsOpen] = useState(false);
  const model = useAtomValue(selectedModelAtom);
  const modelsError = useAtomValue(modelsErrorAtom);
  const modelsSettled = useAtomValue(modelsSettledAtom);
  const streaming = useAtomValue(streamingAnswerAtom);
  const [reasoning, setReasoning] = useAtom(reasoningLevelAtom);
  const send = useSetAtom(sendMessageAtom);
  const stop = useSetAtom(stopRequestAtom);
  const addFiles = useSetAtom(addFilesAtom);
  const uploading = useAtomValue(uploadsInFlightAtom);

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
      {model === null && modelsSettled && <NoModelNotice error={modelsError} />}
      {documentsOpen && <DocumentsPanel />}
      <div className="chat-composer">
        <AttachmentTray />
        <textarea
          id={messageInputId}
          className="chat-textarea"
          aria-label="Message"
          placeholder={chatText.messagePlaceholder}
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="chat-composer-bar">
          <UploadButton onFiles={(files) => void addFiles(files)} />
          <button
            type="button"
            className="btn btn-ghost chat-touch"
            aria-expanded={documentsOpen}
            onClick={() => setDocumentsOpen((open) => !open)}
          >
            Documents
          </button>
          <ToolsMenu />
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
          <span className="chat-composer-gap" />
          {streaming ? (
            <button
              type="button"
              className="btn btn-danger chat-send"
              disabled={streaming.phase === 'stopping'}
              onClick={() => void stop(streaming.requestId)}
            >
              <StopIcon />
              Stop
            </button>
          ) : (
            <button type="submit" className="btn btn-primary chat-send" disabled={!canSend}>
              <SendIcon />
              Send
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
