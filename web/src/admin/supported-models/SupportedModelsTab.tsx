import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { adminMessages } from '@app/contracts';
import { sections } from '../../state/sections';
import { SectionCardHeader } from '../shell/SectionCardHeader';
import { DefaultModelReminder } from './DefaultModelReminder';
import { DefaultModelsCard } from './DefaultModelsCard';
import { DeleteModelConfirm } from './DeleteModelConfirm';
import { modelFormAtom, pendingDeleteAtom } from './model-actions';
import { modelRows } from './model-edits';
import { ModelFormDialog } from './ModelFormDialog';
import { ModelsGrid } from './ModelsGrid';
import { modelText } from './text';
import './supported-models.css';
import { CheckField } from '../../ui/CheckField';
import { SearchField } from '../../ui/SearchField';
import { useCloseOnLeave } from '../shell/use-close-on-leave';

/** The Supported Models tab: default models, then search, the hide toggle and the models table. */
export default function SupportedModelsTab() {
  const models = useAtomValue(sections.supportedModels.value);
  const { server } = useAtomValue(sections.supportedModels.state);
  const openForm = useSetAtom(modelFormAtom);
  const setPendingDelete = useSetAtom(pendingDeleteAtom);
  const [search, setSearch] = useState('');
  const [hideUnavailable, setHideUnavailable] = useState(false);
  const rows = modelRows(models, search, hideUnavailable, server);
  const total = Object.keys(models).length;

  useCloseOnLeave(openForm, setPendingDelete);

  return (
    <div className="supported-models">
      <DefaultModelReminder />
      <DefaultModelsCard />
      <section className="card models-card" aria-labelledby="supported-models-title">
        <SectionCardHeader
          section="supportedModels"
          title="Supported Models"
          titleId="supported-models-title"
        />
        <div className="toolbar models-toolbar">
          <SearchField placeholder={modelText.searchPlaceholder} value={search} onChange={setSearch} />
          <CheckField
            isSwitch
            className="checkbox"
            label={modelText.hideUnavailable}
            checked={hideUnavailable}
            onChange={setHideUnavailable}
          />
          <span className="muted">
            {total} model{total === 1 ? '' : 's'}
          </span>
          <button
            type="button"
            className="btn btn-primary models-add"
            onClick={() => openForm({ mode: 'adding' })}
          >
            Add Model
          </button>
        </div>
        {total === 0 ? (
          <p className="empty">{adminMessages.noSupportedModels}</p>
        ) : rows.length === 0 ? (
          <p className="empty">{modelText.noMatch}</p>
        ) : (
          <ModelsGrid rows={rows} />
        )}
      </section>
      <ModelFormDialog />
      <DeleteModelConfirm />
    </div>
  );
}
