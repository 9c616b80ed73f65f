import { defaultFrameMs, openSse, type OpenChatSink } from '../chat/index';
import {
  completionOf,
  completionStream,
  emptyCompletion,
  foldCompletion,
  type CompletionHead,
} from './completion';
import { openaiError } from './openai-errors';

/** `stream` true: the relay's SSE (its keep-alive and text frames) with OpenAI's events on the wire. */
export const completionStreamSink =
  (head: CompletionHead, includeUsage: boolean, keepAliveMs: number): OpenChatSink =>
  (raw, writer) =>
    openSse(raw, writer, keepAliveMs, defaultFrameMs, completionStream(head, includeUsage));

/**
 * `stream` false: the chunks are kept (a reload of the relay's stream still resumes them) and folded;
 * at the end one `chat.completion`, or a 502 in OpenAI's shape when the provider failed.
 */
export const wholeCompletionSink =
  (head: CompletionHead): OpenChatSink =>
  (raw, writer) => {
    let state = emptyCompletion();
    return {
      send: (chunk) => {
        writer.write(chunk);
        state = foldCompletion(state, chunk);
      },
      end: async (alongside) => {
        try {
          await Promise.all([writer.end(), alongside]);
        } finally {
          const [status, body] =
            state.error === undefined
              ? [200, completionOf(head, state)]
              : [502, openaiError(502, state.error)];
          if (!raw.destroyed && !raw.writableEnded) {
            raw.writeHead(status, {
              'content-type': 'application/json; charset=utf-8',
              'cache-control': 'no-store',
            });
            raw.end(JSON.stringify(body));
          }
        }
      },
    };
  };
