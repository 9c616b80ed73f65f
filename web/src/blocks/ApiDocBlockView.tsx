import { useEffect, useState } from 'react';
import { blockTexts, type ApiDocsResponse } from '@app/contracts';
import { fetchApiDocs } from '../api/feature-data';
import { errorText } from '../api/http';
import { BlockError } from './BlockFrame';
import { whileMounted } from '../ui/while-mounted';

type State =
  { kind: 'loading' } | { kind: 'shown'; docs: ApiDocsResponse } | { kind: 'failed'; error: string };

const links = (docs: ApiDocsResponse) =>
  [
    { label: 'API documentation (PDF)', url: docs.doc_url },
    { label: 'API reference (CSV)', url: docs.csv_url },
    { label: 'Postman collection (JSON)', url: docs.postman_url },
  ].filter((l): l is { label: string; url: string } => l.url !== null);

/**
 * An (empty) ```APIdoc block: the API documentation files an admin uploaded in the Feature Data
 * tab, as download links. Reading them changes nothing, so it needs no click.
 */
export function ApiDocBlockView() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    return whileMounted(
      fetchApiDocs(),
      (docs) => setState({ kind: 'shown', docs }),
      (e) => setState({ kind: 'failed', error: errorText(e) }),
    );
  }, []);

  if (state.kind === 'loading') return <p className="chat-block-note muted">{blockTexts.apiDocLoading}</p>;
  if (state.kind === 'failed') return <BlockError error={state.error} />;
  const shown = links(state.docs);
  return shown.length === 0 ? (
    <p className="chat-block-note">{blockTexts.apiDocNone}</p>
  ) : (
    <ul className="chat-block-links">
      {shown.map((l) => (
        <li key={l.label}>
          <a href={l.url} target="_blank" rel="noopener noreferrer" download>
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
