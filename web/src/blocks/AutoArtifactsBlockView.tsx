import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { blockTexts, type AutoArtifactsBlock } from '@app/contracts';
import { ArtifactDialog, ArtifactList, artifactsAtom, loadArtifactsAtom } from '../artifacts';
import { BlockError, BlockOutcome } from './BlockFrame';

/**
 * An ```autoArtifacts block: what the artifact will be; the dialog opens (prefilled) on click, and
 * the conversation's artifacts are listed under it. A revision names an existing id, which is kept.
 */
export function AutoArtifactsBlockView({ block }: { block: AutoArtifactsBlock }) {
  const artifacts = useAtomValue(artifactsAtom);
  const load = useSetAtom(loadArtifactsAtom);
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    if (artifacts === null) void load();
  }, [artifacts, load]);

  const existing = block.id === '' ? undefined : artifacts?.find((a) => a.id === block.id);
  const missing = block.id !== '' && artifacts !== null && existing === undefined;
  const included = (artifacts ?? []).filter((a) => block.includeArtifactsId.includes(a.id));

  return (
    <div className="chat-block-body">
      <dl className="chat-block-fields">
        <dt>Name</dt>
        <dd>{block.name}</dd>
        <dt>Type</dt>
        <dd>{block.type}</dd>
        <dt>Description</dt>
        <dd>{block.description || '—'}</dd>
        <dt>Instructions</dt>
        <dd className="chat-block-long">{block.instructions}</dd>
        {block.id !== '' && (
          <>
            <dt>Revises</dt>
            <dd>{block.id}</dd>
          </>
        )}
      </dl>
      {missing && <BlockError error={blockTexts.artifactNotFound(block.id)} />}
      <div className="chat-block-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={missing || artifacts === null}
          onClick={() => setOpen(true)}
        >
          {blockTexts.openArtifact}
        </button>
      </div>
      {saved !== null && <BlockOutcome ok text={blockTexts.artifactSaved(saved)} />}
      {artifacts && <ArtifactList artifacts={artifacts} />}
      {open && (
        <ArtifactDialog
          initial={{
            id: block.id,
            name: block.name,
            description: block.description,
            type: block.type,
            instructions: block.instructions,
            content: existing?.content ?? '',
          }}
          included={included}
          onSaved={(a) => {
            setSaved(a.id);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
