import { useState } from 'react';
import { renderMessages } from '@app/contracts';
import { downloadText } from '../../../ui/download';
import { defaultFileName } from './code-files';
import { FileNameForm } from './FileNameForm';
import { useCopy } from '../../../ui/use-copied';
import { HighlightedCode } from './HighlightedCode';
import '../../../styles/chat-render.css';

export interface CodeBlockProps {
  /** The fence's language ('' when none was given). */
  language: string;
  code: string;
}

/**
 * A fenced code block: its language, Copy code (Copied! for 2 seconds), a download asking for a file
 * name, and the code highlighted in the page's theme (plain while the highlighter loads).
 */
export function CodeBlock({ language, code }: CodeBlockProps) {
  const { state, copy } = useCopy(code);
  const [asking, setAsking] = useState(false);

  return (
    <div className="code-block">
      <div className="code-block-header">
        <span className="code-block-language">{language || 'text'}</span>
        <span className="code-block-actions">
          <span className="code-block-copy-status" role="status">
            {state === 'failed' ? renderMessages.copyFailed : ''}
          </span>
          <button type="button" className="btn btn-small btn-ghost" onClick={copy}>
            {state === 'copied' ? renderMessages.copied : 'Copy code'}
          </button>
          <button
            type="button"
            className="btn btn-small btn-ghost"
            aria-expanded={asking}
            onClick={() => setAsking((a) => !a)}
          >
            Download
          </button>
        </span>
      </div>
      {asking && (
        <FileNameForm
          defaultName={defaultFileName(language)}
          onCancel={() => setAsking(false)}
          onSave={(fileName) => {
            downloadText(code, fileName, 'text/plain;charset=utf-8');
            setAsking(false);
          }}
        />
      )}
      {/* Focusable: long lines scroll sideways, by keyboard too. */}
      <pre className="code-block-body" tabIndex={0}>
        <HighlightedCode language={language} code={code} />
      </pre>
    </div>
  );
}
