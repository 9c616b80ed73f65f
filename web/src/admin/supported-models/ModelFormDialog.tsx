import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { sections } from '../../state/sections';
import { Modal } from '../../ui/Modal';
import { modelFormAtom, saveModelAtom } from './model-actions';
import { draftOf, newDraft } from './model-draft';
import { ModelForm } from './form/ModelForm';

/** The add/edit model form in its two modes, Adding and Editing. */
export function ModelFormDialog() {
  const [form, setForm] = useAtom(modelFormAtom);
  const models = useAtomValue(sections.supportedModels.value);
  const save = useSetAtom(saveModelAtom);
  if (form === null) return null;

  const editing = form.mode === 'editing' && Object.hasOwn(models, form.id) ? models[form.id] : undefined;
  const mode = editing ? 'Editing' : 'Adding';
  const title = editing ? `Editing Model: ${editing.name}` : 'Adding Model';
  const close = () => setForm(null);

  return (
    <Modal label={title} onDismiss={close} className="model-form-dialog">
      <header className="model-form-header">
        <h2 className="modal-title">{title}</h2>
        <span className={`badge model-mode model-mode-${mode.toLowerCase()}`} data-mode={mode}>
          {mode}
        </span>
      </header>
      <ModelForm
        key={editing?.id ?? 'new'}
        initial={editing ? draftOf(editing) : newDraft()}
        originalId={editing?.id ?? null}
        models={models}
        submitLabel={editing ? 'Update Model' : 'Add Model'}
        onSubmit={(model) => save(model, editing?.id ?? null)}
        onCancel={close}
      />
    </Modal>
  );
}
