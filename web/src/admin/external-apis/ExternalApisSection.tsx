import { useCallback, useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { externalApiMessages, type ExternalApiView } from '@app/contracts';
import { deleteExternalApi, fetchExternalApis } from '../../api/external-apis';
import { pushToastAtom } from '../../state/toasts';
import { draftOf, emptyDraft, type ExternalApiDraft } from './draft';
import { ExternalApiEditor } from './ExternalApiEditor';
import './external-apis.css';
import { TableHead } from '../../ui/table/TableHead';
import { RowAction } from '../../ui/table/RowAction';
import { whileMounted } from '../../ui/while-mounted';

/**
 * External APIs (the dialog's generic external-API editor for assistants' tools): the saved
 * definitions with Edit and Delete, and the editor for a new one or the one being edited.
 */
export function ExternalApisSection() {
  const toast = useSetAtom(pushToastAtom);
  const [apis, setApis] = useState<ExternalApiView[]>([]);
  const [editing, setEditing] = useState<ExternalApiDraft | null>(null);
  const [editorKey, setEditorKey] = useState(0);

  const refresh = useCallback(async (waitFor?: string) => setApis(await fetchExternalApis(waitFor)), []);
  useEffect(() => {
    return whileMounted(fetchExternalApis(), setApis, () =>
      toast({ tone: 'error', message: externalApiMessages.listFailed }),
    );
  }, [toast]);

  const open = (draft: ExternalApiDraft) => {
    setEditing(draft);
    setEditorKey((k) => k + 1);
  };

  const onDelete = async (api: ExternalApiView) => {
    try {
      await refresh(await deleteExternalApi(api.id));
      toast({ tone: 'success', message: externalApiMessages.deleted(api.name) });
    } catch {
      toast({ tone: 'error', message: externalApiMessages.deleteFailed });
    }
  };

  return (
    <section className="card external-apis" aria-label="External APIs">
      <h3 className="card-title">External APIs</h3>
      {apis.length === 0 ? (
        <p className="empty">{externalApiMessages.empty}</p>
      ) : (
        <table className="external-apis-table" aria-label="External APIs list">
          <TableHead columns={['Name', 'Request Type', 'URL', 'Description']} actions />
          <tbody>
            {apis.map((api) => (
              <tr key={api.id}>
                <td>{api.name}</td>
                <td>{api.requestType}</td>
                <td className="external-api-url">{api.url}</td>
                <td>{api.description}</td>
                <td>
                  <RowAction
                    action="Edit"
                    name={api.name}
                    className="btn btn-ghost"
                    onClick={() => open(draftOf(api))}
                  />
                  <RowAction
                    action="Delete"
                    name={api.name}
                    className="btn btn-ghost"
                    onClick={() => void onDelete(api)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing ? (
        <ExternalApiEditor
          key={editorKey}
          initial={editing}
          onCancel={() => setEditing(null)}
          onSaved={(position, name) => {
            setEditing(null);
            toast({ tone: 'success', message: externalApiMessages.saved(name) });
            void refresh(position).catch(() => undefined);
          }}
        />
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => open(emptyDraft())}>
          Add External API
        </button>
      )}
    </section>
  );
}
