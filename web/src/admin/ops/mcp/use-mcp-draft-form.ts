import { useState, type FormEvent } from 'react';
import type { McpDraft } from './mcp-drafts';

/**
 * A draft of an MCP server's settings being typed, and its sending: the draft is built into a
 * request (or the first problem shown), then sent; `resetAfterSent` empties the form once the
 * request was accepted.
 */
export function useMcpDraftForm<D extends McpDraft, R>({
  initial,
  build,
  send,
  resetAfterSent = false,
}: {
  initial: D | (() => D);
  build: (draft: D) => { request: R } | { problem: string };
  send: (request: R) => Promise<boolean>;
  resetAfterSent?: boolean;
}) {
  const [draft, setDraft] = useState<D>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const edit = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    const built = build(draft);
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    if ((await send(built.request)) && resetAfterSent) setDraft(initial);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  return { draft, edit, problem, onSubmit };
}
