import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  acceptedContentType,
  collapsedFileName,
  featureDataMessages,
  fileTypeRefusal,
  type PptxTemplate,
} from '@app/contracts';
import {
  deletePptxTemplate,
  fetchPptxTemplates,
  requestPptxUpload,
  updatePptxTemplate,
} from '../../api/feature-data';
import { errorText } from '../../api/http';
import { sections } from '../../state/sections';
import { pushToastAtom } from '../../state/toasts';
import { FormField } from '../../ui/FormField';
import { CheckField } from '../../ui/CheckField';
import { PptxTemplatesTable } from './PptxTemplatesTable';
import { uploadToStore } from './upload-to-store';
import { useTemplateUpload } from './use-template-upload';

const pptxType = acceptedContentType('pptx', 'template.pptx') ?? '';

/**
 * PowerPoint Templates: upload a pptx (Public and the Amplify groups chosen first; progress 5 % every
 * 200 ms; the file can be removed while it goes), and the templates' table with toggle and delete.
 */
export function PowerPointTemplatesCard() {
  const toast = useSetAtom(pushToastAtom);
  const groups = Object.keys(useAtomValue(sections.amplifyGroups.value));
  const [templates, setTemplates] = useState<PptxTemplate[]>([]);
  const [isPublic, setIsPublic] = useState(false);
  const [chosenGroups, setChosenGroups] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const upload = useTemplateUpload();

  const refresh = useCallback(
    async (waitFor?: string) => setTemplates(await fetchPptxTemplates(waitFor)),
    [],
  );
  useEffect(() => {
    let live = true;
    fetchPptxTemplates()
      .then((t) => live && setTemplates(t))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const onFile = async (file: File | undefined) => {
    setMessage(null);
    if (!file) {
      setMessage(featureDataMessages.pptxFileRequired);
      return;
    }
    const name = collapsedFileName(file.name);
    const refusal = fileTypeRefusal('pptx', name);
    if (refusal) return setMessage(refusal);
    if (templates.some((t) => t.name.toLowerCase() === name.toLowerCase()))
      return setMessage(featureDataMessages.pptxNameTaken);
    let created = false;
    try {
      const finished = await upload.start(name, (signal) =>
        uploadToStore(
          file,
          pptxType,
          async (md5) => {
            const url = await requestPptxUpload({
              fileName: name,
              isAvailable: isPublic,
              amplifyGroups: chosenGroups,
              contentType: pptxType,
              md5,
            });
            created = true;
            return url;
          },
          signal,
        ),
      );
      if (finished) toast({ tone: 'success', message: featureDataMessages.pptxAdded });
      else if (created) await deletePptxTemplate(name).catch(() => undefined);
    } catch (e) {
      if (created) await deletePptxTemplate(name).catch(() => undefined);
      const said = errorText(e);
      toast({
        tone: 'error',
        message: said === featureDataMessages.pptxNameTaken ? said : featureDataMessages.pptxAddFailed,
      });
    }
    await refresh().catch(() => undefined);
  };

  const withBusy = async (name: string, work: () => Promise<void>) => {
    setBusy((b) => new Set(b).add(name));
    try {
      await work();
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(name);
        return next;
      });
    }
  };

  const onToggle = (t: PptxTemplate) =>
    void withBusy(t.name, async () => {
      try {
        await refresh(await updatePptxTemplate({ templateName: t.name, isAvailable: !t.isAvailable }));
      } catch {
        toast({ tone: 'error', message: featureDataMessages.pptxUpdateFailed });
      }
    });

  const onDelete = (t: PptxTemplate) =>
    void withBusy(t.name, async () => {
      try {
        await refresh(await deletePptxTemplate(t.name));
        toast({ tone: 'success', message: featureDataMessages.pptxDeleted(t.name) });
      } catch {
        toast({ tone: 'error', message: featureDataMessages.pptxDeleteFailed });
      }
    });

  const state = upload.state;
  return (
    <section className="card" aria-label="PowerPoint Templates">
      <h3 className="card-title">PowerPoint Templates</h3>
      <div className="feature-data-pptx-form">
        <CheckField
          className="checkbox-label"
          label="Public"
          checked={isPublic}
          onChange={(checked) => setIsPublic(checked)}
        />
        <FormField label="Available to User via Amplify Group Membership">
          {(field) => (
            <select
              {...field}
              multiple
              className="input"
              value={chosenGroups}
              onChange={(e) => setChosenGroups(Array.from(e.target.selectedOptions, (o) => o.value))}
            >
              {groups.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Upload PowerPoint Template (pptx)">
          {(field) => (
            <input
              {...field}
              type="file"
              className="input"
              accept=".pptx"
              disabled={state.kind === 'uploading'}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                void onFile(file);
              }}
            />
          )}
        </FormField>
        {message && (
          <span role="alert" className="field-error">
            {message}
          </span>
        )}
        {state.kind !== 'idle' && (
          <div className="feature-data-progress" aria-label={`Uploading ${state.name}`}>
            <span>{state.name}</span>
            <progress max={100} value={state.kind === 'done' ? 100 : state.progress} />
            <span>{state.kind === 'done' ? 100 : state.progress}%</span>
            <button
              type="button"
              className="btn btn-ghost"
              aria-label={`Remove ${state.name}`}
              onClick={upload.remove}
            >
              ×
            </button>
          </div>
        )}
      </div>
      <PptxTemplatesTable templates={templates} busy={busy} onToggle={onToggle} onDelete={onDelete} />
    </section>
  );
}
