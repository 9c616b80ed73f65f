import { useState } from 'react';
import { blockTexts } from '@app/contracts';
import { downloadText } from '../ui/download';
import { artifactFileName, type Artifact } from './artifact';

/** The conversation's artifacts: name, id, version; each opens to its content and downloads. */
export function ArtifactList({ artifacts }: { artifacts: readonly Artifact[] }) {
  const [open, setOpen] = useState<string | null>(null);
  if (artifacts.length === 0) return null;
  return (
    <section className="artifact-list" aria-label={blockTexts.artifactsTitle}>
      <h3 className="chat-block-subtitle">{blockTexts.artifactsTitle}</h3>
      <ul>
        {artifacts.map((a) => (
          <li key={a.id} aria-label={a.name}>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => setOpen(open === a.id ? null : a.id)}
            >
              {a.name}
            </button>{' '}
            <code>{a.id}</code>{' '}
            <span className="muted">
              v{a.version} · {a.type}
            </span>{' '}
            <button
              type="button"
              className="btn"
              onClick={() => downloadText(a.content, artifactFileName(a), 'text/plain')}
            >
              Download
            </button>
            {open === a.id && (
              <pre className="render-code">
                <code>{a.content || a.instructions}</code>
              </pre>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
