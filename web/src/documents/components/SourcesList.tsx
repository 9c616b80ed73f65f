import type { ChatSource } from '@app/contracts';
import '../documents.css';

const locationText = (location: ChatSource['location']): string =>
  location
    ? Object.entries(location)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ')
    : '';

/** Under an answer: the passages retrieved from the attached documents, each with its document. */
export function SourcesList({ sources }: { sources: readonly ChatSource[] }) {
  if (sources.length === 0) return null;
  return (
    <details className="chat-sources">
      <summary>Sources ({sources.length})</summary>
      <ol className="chat-sources-list" aria-label="Sources">
        {sources.map((source) => {
          const where = locationText(source.location);
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
