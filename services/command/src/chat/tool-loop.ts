import type {
  JSONValue,
  LanguageModelV3,
  LanguageModelV3FunctionTool,
  LanguageModelV3ToolCall,
} from '@ai-sdk/provider';
import { asSchema, type ToolSet } from 'ai';
import type { GenerationRequest } from './generate';
import { promptOf, streamStep, type ModelStep, type StreamedAnswer } from './model-stream';
import type { ChatStatus } from '@app/contracts';
import type { ReportedUsage } from './usage';

/** The tools a chat request offers the model (an assistant's ops), as AI SDK tools, and how many steps. */
export interface ChatTools {
  set: ToolSet;
  /** Model calls at most (each answering tool calls, the last one answering text). */
  maxSteps: number;
  /** The status line while a tool runs ('Calling <op name>...'). */
  statusOf(name: string): string;
}

export const defaultToolSteps = 5;
/** Tool calls run in one step; further calls of that step are answered that they were not run. */
export const maxToolCallsPerStep = 4;
/** A tool's result as the model sees it, at most (its JSON text): the reservation counts on it. */
export const toolResultChars = 16_000;

/**
 * `text` cut so that, written as a JSON string (its quotes and escapes counted), it stays within
 * `max`: a character takes 1 to 6 once escaped, so each round drops a sixth of the excess, never much
 * more than needed.
 */
const cutForJson = (text: string, max: number): string => {
  let cut = text.slice(0, max);
  for (let over = JSON.stringify(cut).length - max; over > 0; over = JSON.stringify(cut).length - max)
    cut = cut.slice(0, cut.length - Math.ceil(over / 6));
  return cut;
};

/** What a cut result adds around its text once written as JSON. */
const cutMarkChars = JSON.stringify({ truncated: true, text: '' }).length;

/**
 * A result whose JSON is longer than the model is given: its beginning, marked as cut, so that the
 * JSON the provider sends (the cut text escaped again inside it) stays within `toolResultChars`.
 */
export const boundedToolResult = (value: JSONValue): JSONValue => {
  const text = JSON.stringify(value) ?? 'null';
  return text.length <= toolResultChars
    ? value
    : { truncated: true, text: cutForJson(text, toolResultChars - cutMarkChars) };
};

/** The tools as the provider interface takes them: name, description, JSON schema of the input. */
export const functionToolsOf = async (set: ToolSet): Promise<LanguageModelV3FunctionTool[]> =>
  Promise.all(
    Object.entries(set).map(async ([name, t]) => ({
      type: 'function' as const,
      name,
      ...(t.description === undefined ? {} : { description: t.description }),
      inputSchema: await asSchema(t.inputSchema).jsonSchema,
    })),
  );

const sum = (a: number | undefined, b: number | undefined) =>
  a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);

/** The usage of every step added up. */
export const summedUsage = (
  a: ReportedUsage | undefined,
  b: ReportedUsage | undefined,
): ReportedUsage | undefined =>
  a === undefined
    ? b
    : b === undefined
      ? a
      : {
          inputTokens: sum(a.inputTokens, b.inputTokens),
          outputTokens: sum(a.outputTokens, b.outputTokens),
          cachedInputTokens: sum(a.cachedInputTokens, b.cachedInputTokens),
        };

const isAsyncIterable = (x: unknown): x is AsyncIterable<unknown> =>
  typeof x === 'object' && x !== null && Symbol.asyncIterator in x;

/** Runs one tool call; what the model is told back (a failure too: `{error}`). Never throws. */
export const runToolCall = async (
  set: ToolSet,
  call: Pick<LanguageModelV3ToolCall, 'toolCallId' | 'toolName' | 'input'>,
  signal: AbortSignal,
): Promise<JSONValue> => {
  const t = Object.hasOwn(set, call.toolName) ? set[call.toolName] : undefined;
  if (!t?.execute) return { error: `There is no tool named ${call.toolName}.` };
  let input: unknown;
  try {
    input = call.input === '' ? {} : JSON.parse(call.input);
  } catch {
    return { error: 'The tool input is not valid JSON.' };
  }
  try {
    const out: unknown = await t.execute(input, {
      toolCallId: call.toolCallId,
      messages: [],
      abortSignal: signal,
    });
    if (isAsyncIterable(out)) return { error: 'The tool answered a stream.' };
    return JSON.parse(JSON.stringify(out ?? null)) as JSONValue;
  } catch (e) {
    return { error: e instanceof Error ? e.message : 'The tool failed.' };
  }
};

export interface ToolLoopHooks {
  onDelta(text: string): void;
  onStatus(status: ChatStatus): void;
}

/** The status line of a tool's calls (one line per tool): in progress while it runs, then done. */
export const toolStatus = (name: string, summary: string, inProgress: boolean): ChatStatus => ({
  id: `op:${name}`,
  summary,
  type: 'op',
  inProgress,
});

/**
 * The answer of a request that offers tools: the model is asked with them; while it calls tools (and
 * steps remain) each call runs (its status line shown), its result is added to the prompt and the
 * model is asked again; the last step offers no tools, so it answers in text. The usage is summed
 * across steps; `signal` stops it between and within steps. `toolCalls` counts the calls run: after
 * one, the request has acted and is no longer handed to another endpoint.
 */
export const streamWithTools = async (
  model: LanguageModelV3,
  request: GenerationRequest,
  tools: ChatTools,
  signal: AbortSignal,
  hooks: ToolLoopHooks,
): Promise<StreamedAnswer & { toolCalls: number }> => {
  const defs = await functionToolsOf(tools.set);
  const prompt = promptOf(request);
  const out = {
    answer: '',
    reported: undefined as ReportedUsage | undefined,
    finished: false,
    error: undefined as unknown,
    toolCalls: 0,
  };
  for (let stepNo = 0; stepNo < tools.maxSteps; stepNo++) {
    const last = stepNo === tools.maxSteps - 1;
    const onDelta = (d: string) => {
      out.answer += d;
      hooks.onDelta(d);
    };
    // The first step's refusal is thrown (the next endpoint may answer); a later one ends the answer.
    const step =
      stepNo === 0
        ? await streamStep(model, request, prompt, defs, signal, onDelta)
        : await streamStep(model, request, prompt, last ? undefined : defs, signal, onDelta).catch(
            (e: unknown): ModelStep => ({
              text: '',
              calls: [],
              reported: undefined,
              finished: false,
              error: e,
            }),
          );
    out.reported = summedUsage(out.reported, step.reported);
    out.error = step.error;
    out.finished = step.finished;
    if (step.error !== undefined || !step.finished || step.calls.length === 0 || signal.aborted) break;
    prompt.push({
      role: 'assistant',
      content: [
        ...(step.text === '' ? [] : [{ type: 'text' as const, text: step.text }]),
        ...step.calls.map((c) => ({
          type: 'tool-call' as const,
          toolCallId: c.toolCallId,
          toolName: c.toolName,
          input: safeJson(c.input),
        })),
      ],
    });
    const results = [];
    for (const [index, call] of step.calls.entries()) {
      if (index >= maxToolCallsPerStep) {
        results.push(
          toolResultOf(call, { error: `Not run: at most ${maxToolCallsPerStep} calls per step.` }),
        );
        continue;
      }
      const summary = tools.statusOf(call.toolName);
      hooks.onStatus(toolStatus(call.toolName, summary, true));
      out.toolCalls++;
      const value = boundedToolResult(await runToolCall(tools.set, call, signal));
      hooks.onStatus(toolStatus(call.toolName, summary, false));
      results.push(toolResultOf(call, value));
    }
    if (signal.aborted) {
      out.finished = false;
      break;
    }
    prompt.push({ role: 'tool', content: results });
  }
  return out;
};

const toolResultOf = (call: LanguageModelV3ToolCall, value: JSONValue) => ({
  type: 'tool-result' as const,
  toolCallId: call.toolCallId,
  toolName: call.toolName,
  output: { type: 'json' as const, value },
});

const safeJson = (text: string): unknown => {
  try {
    return text === '' ? {} : (JSON.parse(text) as unknown);
  } catch {
    return {};
  }
};
