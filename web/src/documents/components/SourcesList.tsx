import { locationLabel, type ChatSource } from '@app/contracts';
import '../documents.css';

/** Under an answer: the passages retrieved from the attached documents, each with its document and where in it. */
export function SourcesList({ sources }: { sources: readonly ChatSource[] }) {
  if (sources.length === 0) return null;
  return (
    <details className="chat-sources">
      <summary>Sources ({sources.length})</summary>
      <ol className="chat-sources-list" aria-label="Sources">
        {sources.map((source) => {
          const where = locationLabel(source.location);
          return (
            <li key={`${source.key}:${source.chunkIndex}`} className="chat-source">
              <span className="chat-source-name">{source.name}</span>
              {where !== '' && <span className="chat-source-location muted"> · {where}</span>}
              <blockquote className="chat-source-text">{source.text}</blockquote>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
