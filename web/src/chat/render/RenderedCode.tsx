import { renderMessages } from '@app/contracts';

export interface RenderedCodeProps {
  code: string;
  /** The message is still streaming: say the view comes when it is complete. */
  waiting: boolean;
}

/** A diagram's or chart's source, shown as it is (while streaming, or by the code toggle). */
export function RenderedCode({ code, waiting }: RenderedCodeProps) {
  return (
    <div className="render-source">
      {waiting && <p className="render-status">{renderMessages.waitingForMessage}</p>}
      <pre className="render-code">
        <code>{code}</code>
      </pre>
    </div>
  );
}
