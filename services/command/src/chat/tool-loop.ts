import type {
  JSONValue,
  LanguageModelV3,
  LanguageModelV3FunctionTool,
  LanguageModelV3ToolCall,
} from '@ai-sdk/provider';
import { asSchema, type ToolSet } from 'ai';
import type { ChatStatus, ToolApprovalChunkData } from '@app/contracts';
import { addBound, allowanceOf, unlimitedAllowance } from './call-budget';
import type { ChatTools, GenerationRequest } from './generation-request';
import {
  emptyAnswer,
  emptyStep,
  promptOf,
  streamStep,
  type ModelStep,
  type StreamedAnswer,
} from './model-stream';
import { inputBoundOf } from './token-bound';
import { boundedToolResult } from './tool-results';
import type { ReportedUsage } from './usage';

export const defaultToolSteps = 5;
/** Tool calls run in one step; further calls of that step are answered that they were not run. */
export const maxToolCallsPerStep = 4;

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
  /** Handed to the tool as the AI SDK's `experimental_context` (an MCP call's notices). */
  context?: unknown,
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
      experimental_context: context,
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
  /** An MCP call that asks first: its question to the request's owner, then the answer. */
  onApproval?(approval: ToolApprovalChunkData): void;
}

/** The status line of a tool's calls (one line per tool): in progress while it runs, then done. */
export const toolStatus = (name: string, summary: string, inProgress: boolean): ChatStatus => ({
  id: `op:${name}`,
  summary,
  type: 'op',
  inProgress,
});

/** A step whose call failed before its stream (a later step: the answer ends there). */
const failedStep = (e: unknown): ModelStep => ({ ...emptyStep(), error: e });

/**
 * The answer of a request that offers tools: the model is asked with them; while it calls tools (and
 * steps remain) each call runs (its status line shown), its result is added to the prompt and the
 * model is asked again; the last step offers no tools, so it answers in text. The usage is summed
 * across steps; `signal` stops it between and within steps. `toolCalls` counts the calls run: after
 * one, the request has acted and is no longer handed to another endpoint. With a budget, each step
 * is asked only with the output what is left reserved pays for (its input bound counted first), its
 * output counted and stopped there (`limited`).
 */
export const streamWithTools = async (
  model: LanguageModelV3,
  request: GenerationRequest,
  tools: ChatTools,
  signal: AbortSignal,
  hooks: ToolLoopHooks,
): Promise<StreamedAnswer & { toolCalls: number }> => {
  const defs = tools.definitions;
  const prompt = promptOf(request);
  const out: StreamedAnswer & { toolCalls: number } = { ...emptyAnswer(), toolCalls: 0 };
  const onDelta = (d: string) => {
    out.answer += d;
    hooks.onDelta(d);
  };
  for (let stepNo = 0; stepNo < tools.maxSteps; stepNo++) {
    const offered = stepNo === tools.maxSteps - 1 ? undefined : defs;
    const inputTokens = inputBoundOf(prompt, offered);
    const allowance = request.budget
      ? allowanceOf(request.budget, out.bound, inputTokens)
      : unlimitedAllowance;
    if (allowance.output <= 0) {
      out.finished = false;
      out.limited = allowance.reason;
      break;
    }
    // The first step's refusal is thrown (the next endpoint may answer); a later one ends the answer.
    const asked = streamStep(model, request, prompt, offered, signal, onDelta, allowance);
    const step = stepNo === 0 ? await asked : await asked.catch(failedStep);
    out.bound = addBound(out.bound, { inputTokens, outputTokens: step.output });
    out.reported = summedUsage(out.reported, step.reported);
    out.error = step.error;
    out.finished = step.finished;
    out.limited = step.limited;
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
      const notices = {
        status: (text: string) => hooks.onStatus(toolStatus(call.toolName, text, true)),
        approval: (approval: ToolApprovalChunkData) => hooks.onApproval?.(approval),
      };
      const value = boundedToolResult(await runToolCall(tools.set, call, signal, notices));
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
