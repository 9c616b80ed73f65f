import type { ChatUsage } from '@app/contracts';
import { chatText } from '../chat-text';
import { formatCost } from '../model/conversation-list';

/** Under an answer: the tokens it took and what it cost. */
export function AnswerUsage({ usage }: { usage: ChatUsage }) {
  return (
    <p className="chat-usage muted" aria-label="Usage">
      {chatText.usage(usage.inputTokens, usage.outputTokens, formatCost(usage.cost))}
    </p>
  );
}
