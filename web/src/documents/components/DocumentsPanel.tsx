import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { attachExistingAtom } from '../state/attachment-actions';
import {
  loadMyDocumentsAtom,
  myDocumentsAtom,
  myDocumentsErrorAtom,
  removeMyDocumentsAtom,
} from '../state/my-documents';
import { AddWebsiteForm } from './AddWebsiteForm';
import { DocumentList } from './DocumentList';

/** The user's documents, above the input: add a website or sitemap, search, attach one to the message, remove. */
export function DocumentsPanel() {
  const documents = useAtomValue(myDocumentsAtom);
  const error = useAtomValue(myDocumentsErrorAtom);
  const load = useSetAtom(loadMyDocumentsAtom);
  const remove = useSetAtom(removeMyDocumentsAtom);
  const attach = useSetAtom(attachExistingAtom);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="documents-panel" role="region" aria-label="My documents">
      <AddWebsiteForm />
      {error !== null && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {documents === null ? (
        <p className="muted">Loading documents…</p>
      ) : documents.length === 0 ? (
        <p className="muted">No documents yet.</p>
      ) : (
        <DocumentList documents={documents} onRemove={(d) => void remove(d)} onAttach={attach} />
      )}
    </div>
  );
}
