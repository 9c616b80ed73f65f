import type { ExportedConversation, ExportedTurn } from './conversation-export';
import { threadFrom, versionsAfter } from './conversation-tree';

const dollars = (cost: number | null): string =>
  cost === null ? 'cost not known' : `$${cost < 0.01 && cost > 0 ? cost.toFixed(6) : cost.toFixed(4)}`;

const tokens = (turn: ExportedTurn): string =>
  turn.tokensIn === null && turn.tokensOut === null
    ? ''
    : ` · ${turn.tokensIn ?? 0} tokens in, ${turn.tokensOut ?? 0} out`;

const storageWords = { 'future-cloud': 'kept in the cloud', 'future-local': 'kept in the browser' } as const;

/** One turn: who asked (You), then which model answered, with what it cost. */
const turnMarkdown = (
  turn: ExportedTurn,
  label: string,
  version: { index: number; count: number } | null,
): string[] => {
  const lines = [`### ${label}${version ? ` · version ${version.index} of ${version.count}` : ''}`, ''];
  lines.push(`**You** · ${turn.at}`, '', turn.question.trim() === '' ? '_(no text)_' : turn.question, '');
  if (turn.imageNames?.length) lines.push(`_Images: ${turn.imageNames.join(', ')}_`, '');
  const who = turn.model ?? 'Assistant';
  const assistant = turn.assistantId ? ` (assistant ${turn.assistantId})` : '';
  lines.push(`**${who}**${assistant} · ${dollars(turn.cost)}${tokens(turn)}`, '');
  lines.push(turn.answer === null ? '_(no answer kept)_' : turn.answer, '');
  return lines;
};

/**
 * A conversation as readable Markdown: its title and what it cost, then the thread the user read
 * (each turn: **You**, then **<model>** with its cost and tokens; a turn with several versions says
 * which one this is), then the other versions, each with the thread that follows it.
 */
export const conversationMarkdown = (conversation: ExportedConversation): string => {
  const children = versionsAfter(conversation.turns);
  const total = conversation.turns.reduce((sum, t) => sum + (t.cost ?? 0), 0);
  const lines = [
    `# ${conversation.name}`,
    '',
    `_${storageWords[conversation.storage]} · created ${conversation.createdAt} · updated ${conversation.updatedAt} · ` +
      `${conversation.turns.length} messages · ${dollars(total)}_`,
    '',
  ];
  const others: { turn: ExportedTurn; step: number }[] = [];
  const versionOf = (turn: ExportedTurn) => {
    const siblings = children.get(turn.parentRequestId) ?? [];
    return siblings.length > 1 ? { index: siblings.indexOf(turn) + 1, count: siblings.length } : null;
  };
  const written = new Set<ExportedTurn>();
  const writeThread = (thread: readonly ExportedTurn[], firstStep: number) => {
    thread.forEach((turn, i) => {
      written.add(turn);
      lines.push(...turnMarkdown(turn, `Turn ${firstStep + i}`, versionOf(turn)));
      for (const sibling of children.get(turn.parentRequestId) ?? [])
        if (!written.has(sibling) && !others.some((o) => o.turn === sibling))
          others.push({ turn: sibling, step: firstStep + i });
    });
  };
  writeThread(threadFrom(children, null), 1);
  if (others.length > 0) lines.push('---', '', '## Other versions', '');
  for (let i = 0; i < others.length; i += 1) {
    const other = others[i];
    if (other === undefined) continue;
    writeThread([other.turn, ...threadFrom(children, other.turn.requestId)], other.step);
  }
  return `${lines.join('\n').trimEnd()}\n`;
};
