import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { sections } from '../../state/sections';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { deleteModelAtom, pendingDeleteAtom } from './model-actions';
import { modelText } from './text';

/** The confirmation before a model leaves the list. */
export function DeleteModelConfirm() {
  const [id, setId] = useAtom(pendingDeleteAtom);
  const models = useAtomValue(sections.supportedModels.value);
  const remove = useSetAtom(deleteModelAtom);
  const model = id !== null && Object.hasOwn(models, id) ? models[id] : undefined;
  if (id === null || !model) return null;
  return (
    <ConfirmDialog
      title="Delete model"
      message={modelText.deleteConfirm(model.name, model.id)}
      confirmLabel="Delete"
      onCancel={() => setId(null)}
      onConfirm={() => remove(model.id)}
    />
  );
}
