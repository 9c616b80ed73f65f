import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { selectedModelAtom } from '../state/models';
import type { Artifact, ArtifactDraft } from './artifact';
import { artifactRequest, generateArtifact } from './generate-artifact';

export interface Generation {
  busy: boolean;
  error: string | null;
  /** Asks the chat's model to write the content; `onText` gets it as it streams. */
  generate: (draft: ArtifactDraft, included: readonly Artifact[], onText: (text: string) => void) => void;
}

/** The artifact dialog's generation: one request at a time, stopped when the dialog closes. */
export function useGeneration(): Generation {
  const model = useAtomValue(selectedModelAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const generate = useCallback<Generation['generate']>(
    (draft, included, onText) => {
      if (model === null) {
        setError('Choose a model in the chat first.');
        return;
      }
      const controller = new AbortController();
      running.current = controller;
      setBusy(true);
      setError(null);
      const request = artifactRequest(model.id, draft, included, `artifact-${crypto.randomUUID()}`);
      generateArtifact(request, onText, controller.signal)
        .then(onText, (e: unknown) => {
          if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e));
        })
        .finally(() => {
          if (running.current === controller) setBusy(false);
        });
    },
    [model],
  );

  return { busy, error, generate };
}
