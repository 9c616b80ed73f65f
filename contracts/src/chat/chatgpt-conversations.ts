import { z } from 'zod';
import { conversationFileLimits, type ExportedConversation, type ExportedTurn } from './conversation-export';

/**
 * ChatGPT's `conversations.json` (its data export): an array of conversations, each a `mapping` of
 * nodes by id ({ id, parent, children, message }) and its `current_node` (the end of the thread the
 * user last read). A message has an author's role, a content (`parts`: text, or an object for an
 * image) and a create time in seconds. Only what is read here is checked; the rest is ignored.
 */
const ChatGptMessage = z.object({
  author: z.object({ role: z.string().max(50) }),
  content: z
    .object({
      content_type: z.string().max(100).optional(),
      parts: z.array(z.unknown()).max(1_000).optional(),
      text: z.string().optional(),
    })
    .optional(),
  create_time: z.number().nullable().optional(),
  metadata: z
    .object({ model_slug: z.string().max(200).optional() })
    .partial()
    .nullable()
    .optional(),
});

const ChatGptNode = z.object({
  id: z.string().max(200).optional(),
  parent: z.string().max(200).nullable().optional(),
  children: z.array(z.string().max(200)).max(10_000).optional(),
  message: ChatGptMessage.nullable().optional(),
});

export const ChatGptConversation = z.object({
  title: z.string().nullable().optional(),
  create_time: z.number().nullable().optional(),
  update_time: z.number().nullable().optional(),
  mapping: z.record(z.string().max(200), ChatGptNode),
  current_node: z.string().max(200).nullable().optional(),
});
export type ChatGptConversation = z.infer<typeof ChatGptConversation>;
type Node = z.infer<typeof ChatGptNode> & { id: string };

/** Whether the file reads as ChatGPT's: an array (each conversation is checked on its own). */
export const looksLikeChatGpt = (file: unknown): file is unknown[] => Array.isArray(file);

/** A ChatGPT conversation's title, for messages about it (as much as can be read). */
export const chatGptTitle = (value: unknown): string => {
  const title =
    typeof value === 'object' && value !== null ? (value as { title?: unknown }).title : undefined;
  return typeof title === 'string' && title.trim() !== '' ? title.slice(0, 200) : 'Untitled';
};

const isoOf = (seconds: number | null | undefined, fallback: string): string => {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return fallback;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? fallback : date.toISOString();
};

const textOf = (message: Node['message']): { text: string; images: number } => {
  const parts = message?.content?.parts ?? [];
  const texts = parts.filter((p): p is string => typeof p === 'string');
  const text = texts.length > 0 ? texts.join('\n') : (message?.content?.text ?? '');
  return { text: text.slice(0, conversationFileLimits.text), images: parts.length - texts.length };
};

const roleOf = (node: Node | undefined) => node?.message?.author.role;

/**
 * One ChatGPT conversation as ours (`newId` names its turns). Each user message is a turn; each reply
 * to it (a regenerated answer is a sibling) is a version of that turn, its answer the text of the
 * assistant messages down to the next user message; a user message edited is a sibling too, so a
 * version. The versions on the path to `current_node` are the chosen ones.
 */
export const fromChatGpt = (conversation: ChatGptConversation, now: string): ExportedConversation => {
  const nodes = new Map<string, Node>(
    Object.entries(conversation.mapping).map(([key, node]) => [key, { ...node, id: key }]),
  );
  const onPath = new Set<string>();
  for (let at = conversation.current_node ?? null; at !== null && !onPath.has(at);) {
    onPath.add(at);
    at = nodes.get(at)?.parent ?? null;
  }
  const childrenOf = (node: Node): Node[] =>
    (node.children ?? []).flatMap((id) => {
      const child = nodes.get(id);
      return child ? [child] : [];
    });
  const turns: ExportedTurn[] = [];
  // A node is read once: a mapping whose children loop back reads as a tree all the same.
  const seen = new Set<string>();
  const firstVisit = (node: Node): boolean => !seen.has(node.id) && seen.add(node.id).size > 0;
  const createdAt = isoOf(conversation.create_time, now);

  /** Down from an answer's first node to the next user messages: the answer's text and where it ended. */
  const answerFrom = (
    start: Node,
  ): { texts: string[]; model: string | null; next: Node[]; path: string[] } => {
    const texts: string[] = [];
    const path: string[] = [];
    let model: string | null = null;
    let at: Node | undefined = start;
    let next: Node[] = [];
    while (at !== undefined && (at === start || firstVisit(at))) {
      path.push(at.id);
      if (roleOf(at) === 'assistant') {
        const { text } = textOf(at.message);
        if (text.trim() !== '') texts.push(text);
        model = at.message?.metadata?.model_slug ?? model;
      }
      const children = childrenOf(at);
      const users = children.filter((c) => roleOf(c) === 'user');
      const others = children.filter((c) => roleOf(c) !== 'user');
      if (users.length > 0 || others.length === 0) {
        next = users;
        break;
      }
      at = others.find((c) => onPath.has(c.id)) ?? others.at(-1);
    }
    return { texts, model, next, path };
  };

  /** The turns of the user messages `users`, following the turn `parent`. */
  const visit = (users: readonly Node[], parent: string | null, depth: number): void => {
    if (depth > conversationFileLimits.turns) return;
    for (const user of users) {
      if (!firstVisit(user)) continue;
      const { text, images } = textOf(user.message);
      const at = isoOf(user.message?.create_time, createdAt);
      const replies = childrenOf(user).filter((c) => roleOf(c) !== 'user');
      const answers = replies.length > 0 ? replies.filter(firstVisit).map(answerFrom) : [null];
      for (const answer of answers) {
        const requestId = answer?.path[0] ?? user.id;
        turns.push({
          requestId,
          parentRequestId: parent,
          question: text,
          ...(images > 0 ? { imageNames: Array.from({ length: Math.min(images, 10) }, () => 'image') } : {}),
          answer: answer && answer.texts.length > 0 ? answer.texts.join('\n\n') : null,
          model: answer?.model ?? null,
          at,
          tokensIn: null,
          tokensOut: null,
          cost: null,
          chosen: onPath.has(user.id) && (answer === null || answer.path.some((id) => onPath.has(id))),
        });
        visit(answer?.next ?? childrenOf(user).filter((c) => roleOf(c) === 'user'), requestId, depth + 1);
      }
    }
  };

  /** The first user messages: below the roots, through the system messages before them. */
  const firstUsers = (from: readonly Node[]): Node[] =>
    from.flatMap((n) => (roleOf(n) === 'user' ? [n] : firstVisit(n) ? firstUsers(childrenOf(n)) : []));
  const roots = [...nodes.values()].filter((n) => n.parent == null || !nodes.has(n.parent));
  visit(firstUsers(roots), null, 0);
  const title = conversation.title?.trim();
  return {
    id: 'chatgpt',
    name:
      (title && title !== '' ? title : (turns[0]?.question.trim() ?? 'Untitled')).slice(0, 200) || 'Untitled',
    storage: 'future-cloud',
    createdAt,
    updatedAt: isoOf(conversation.update_time, createdAt),
    turns,
  };
};
