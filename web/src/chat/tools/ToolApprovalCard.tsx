import { useState } from 'react';
import { mcpChatMessages, type ToolApprovalChunkData } from '@app/contracts';
import { errorText } from '../../api/http';
import { awaitsAnswer, shownArguments, type ToolApproval } from './approvals';
import { answerToolApproval } from '../../api/mcp-tools';
import './tools.css';

type Decision = 'allow' | 'deny';

const finalText: Record<Exclude<ToolApprovalChunkData['state'], 'asked'>, string> = {
  allowed: mcpChatMessages.allowed,
  denied: mcpChatMessages.denied,
  expired: mcpChatMessages.expired,
};

export interface ToolApprovalCardProps {
  requestId: string;
  approval: ToolApproval;
  /** The answer ended: a question still open can no longer be answered. */
  ended: boolean;
}

/**
 * An MCP call that asks first, in its answer: the question, the call's arguments, Allow and Deny
 * (POST /api/chat/tool-approval; the buttons wait for the stream's final state once answered); then
 * that state (Allowed, Denied, or denied for want of an answer) without buttons.
 */
export function ToolApprovalCard({ requestId, approval, ended }: ToolApprovalCardProps) {
  const [sending, setSending] = useState<Decision | null>(null);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const waiting = awaitsAnswer(approval, ended);
  const question = mcpChatMessages.askQuestion(approval.tool, approval.server);

  const answer = async (decision: Decision) => {
    setSending(decision);
    setError(null);
    try {
      await answerToolApproval({ requestId, callId: approval.callId, decision });
      setSent(true);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSending(null);
    }
  };

  return (
    <section className="chat-tool-approval" aria-label={question} data-state={approval.state}>
      <p className="chat-tool-approval-question">{question}</p>
      <pre className="chat-tool-approval-arguments" tabIndex={0} aria-label="Arguments">
        {shownArguments(approval.arguments)}
      </pre>
      {waiting && (
        <div className="chat-tool-approval-actions">
          <button
            type="button"
            className="btn btn-primary chat-touch"
            disabled={sending !== null || sent}
            onClick={() => void answer('allow')}
          >
            {mcpChatMessages.allow}
          </button>
          <button
            type="button"
            className="btn btn-ghost chat-touch"
            disabled={sending !== null || sent}
            onClick={() => void answer('deny')}
          >
            {mcpChatMessages.deny}
          </button>
        </div>
      )}
      {approval.state !== 'asked' && (
        <p className="chat-tool-approval-outcome" role="status">
          {finalText[approval.state]}
        </p>
      )}
      {error !== null && (
        <p role="alert" className="chat-answer-error">
          {error}
        </p>
      )}
    </section>
  );
}

/** The answer's 'Ask first' questions, in the order they came. */
export function ToolApprovals({
  requestId,
  approvals,
  ended,
}: {
  requestId: string;
  approvals: readonly ToolApproval[];
  ended: boolean;
}) {
  if (approvals.length === 0) return null;
  return (
    <div className="chat-tool-approvals">
      {approvals.map((a) => (
        <ToolApprovalCard key={a.callId} requestId={requestId} approval={a} ended={ended} />
      ))}
    </div>
  );
}
