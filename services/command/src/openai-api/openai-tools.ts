import type {
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3ToolChoice,
} from '@ai-sdk/provider';
import { z } from 'zod';
import { openaiApiMessages, type OpenAiChatRequest, type OpenAiMessage } from '@app/contracts';
import type { ClientTools } from '../chat/index';

/**
 * The pieces of passing an OpenAI request's function tools through to the provider (docs/architecture.md,
 * "The OpenAI-compatible API"), pure: its `tools` as the provider interface's function tools (no
 * `execute`: the client runs them), its `tool_choice`, and its assistant tool calls and tool messages
 * as tool-call and tool-result parts.
 */

/** A function tool's definition is bounded: its name as OpenAI's, its schema at most this many bytes. */
export const openaiToolLimits = { nameLength: 64, descriptionLength: 4_000, schemaBytes: 32_000 } as const;

const ToolName = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'A tool name is 1 to 64 letters, digits, _ or -');

const OpenAiFunctionTool = z.object({
  type: z.literal('function'),
  function: z.object({
    name: ToolName,
    description: z.string().max(openaiToolLimits.descriptionLength).optional(),
    parameters: z
      .record(z.string(), z.unknown())
      .refine((p) => JSON.stringify(p).length <= openaiToolLimits.schemaBytes, {
        message: `A tool's parameters are at most ${openaiToolLimits.schemaBytes} bytes of JSON schema`,
      })
      .optional(),
  }),
});

const OpenAiToolCall = z.object({
  id: z.string().min(1).max(200),
  type: z.literal('function'),
  function: z.object({ name: ToolName, arguments: z.string().max(100_000) }),
});

export type Converted<T> = { ok: true; value: T } | { ok: false; message: string };

const refused = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** The request's tools as the provider's function tools (none: undefined); names unique. */
export const functionToolsOf = (
  tools: OpenAiChatRequest['tools'],
): Converted<LanguageModelV3FunctionTool[] | undefined> => {
  if (!tools || tools.length === 0) return { ok: true, value: undefined };
  const out: LanguageModelV3FunctionTool[] = [];
  for (const raw of tools) {
    const parsed = OpenAiFunctionTool.safeParse(raw);
    if (!parsed.success) return refused(openaiApiMessages.toolNotFunction);
    const f = parsed.data.function;
    if (out.some((t) => t.name === f.name)) return refused(openaiApiMessages.toolNameTwice(f.name));
    out.push({
      type: 'function',
      name: f.name,
      ...(f.description ? { description: f.description } : {}),
      inputSchema: f.parameters ?? { type: 'object', properties: {} },
    });
  }
  return { ok: true, value: out };
};

/** OpenAI's `tool_choice` as the provider's (none given: `auto`); a named tool must be offered. */
export const toolChoiceOf = (
  choice: OpenAiChatRequest['tool_choice'],
  tools: readonly LanguageModelV3FunctionTool[],
): Converted<LanguageModelV3ToolChoice> => {
  if (choice === undefined || choice === 'auto') return { ok: true, value: { type: 'auto' } };
  if (choice === 'none' || choice === 'required') return { ok: true, value: { type: choice } };
  const fn = (choice as { function?: { name?: unknown } }).function;
  const name = typeof fn?.name === 'string' ? fn.name : undefined;
  if (choice.type !== 'function' || name === undefined) return refused(openaiApiMessages.toolChoiceShape);
  if (!tools.some((t) => t.name === name)) return refused(openaiApiMessages.toolChoiceUnknown(name));
  return { ok: true, value: { type: 'tool', toolName: name } };
};

const argumentsOf = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const textOf = (content: OpenAiMessage['content']): string =>
  content === null || content === undefined
    ? ''
    : typeof content === 'string'
      ? content
      : content.map((p) => p.text ?? '').join('\n');

/**
 * An assistant message with `tool_calls` (its text, then a tool-call part per call), or a `tool`
 * message (a tool-result part answering the call of its `tool_call_id`, named as that call was).
 * `names` maps the calls seen so far to their tool's name.
 */
export const toolMessageOf = (
  m: OpenAiMessage,
  names: Map<string, string>,
): Converted<LanguageModelV3Message> => {
  if (m.role === 'tool') {
    const id = m.tool_call_id;
    const toolName = id === undefined ? undefined : names.get(id);
    if (id === undefined || toolName === undefined) return refused(openaiApiMessages.toolResultWithoutCall);
    return {
      ok: true,
      value: {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: id,
            toolName,
            output: { type: 'text', value: textOf(m.content) },
          },
        ],
      },
    };
  }
  const calls = [];
  for (const raw of m.tool_calls ?? []) {
    const parsed = OpenAiToolCall.safeParse(raw);
    if (!parsed.success)
      return refused(`tool_calls: ${parsed.error.issues[0]?.message ?? 'a function call'}`);
    names.set(parsed.data.id, parsed.data.function.name);
    calls.push({
      type: 'tool-call' as const,
      toolCallId: parsed.data.id,
      toolName: parsed.data.function.name,
      input: argumentsOf(parsed.data.function.arguments),
    });
  }
  const text = textOf(m.content);
  return {
    ok: true,
    value: {
      role: 'assistant',
      content: [...(text === '' ? [] : [{ type: 'text' as const, text }]), ...calls],
    },
  };
};

const isSystem = (m: OpenAiMessage) => m.role === 'system' || m.role === 'developer';

/**
 * The request's tools, tool choice and conversation as the provider takes them, when it offers tools
 * or carries tool calls or results (else undefined: the relay's plain path). The system messages are
 * left out: the relay's system prompt (the request's, the model's) comes before the conversation.
 */
export const clientToolsOf = (body: OpenAiChatRequest): Converted<ClientTools | undefined> => {
  const tools = functionToolsOf(body.tools);
  if (!tools.ok) return tools;
  const carriesTools = body.messages.some((m) => m.role === 'tool' || (m.tool_calls?.length ?? 0) > 0);
  if (tools.value === undefined && !carriesTools) return { ok: true, value: undefined };
  const definitions = tools.value ?? [];
  const choice = toolChoiceOf(body.tool_choice, definitions);
  if (!choice.ok) return choice;
  const names = new Map<string, string>();
  const conversation: LanguageModelV3Message[] = [];
  for (const m of body.messages) {
    if (isSystem(m)) continue;
    if (m.role === 'user') {
      conversation.push({ role: 'user', content: [{ type: 'text', text: textOf(m.content) }] });
      continue;
    }
    const message = toolMessageOf(m, names);
    if (!message.ok) return message;
    conversation.push(message.value);
  }
  return { ok: true, value: { definitions, choice: choice.value, conversation } };
};
