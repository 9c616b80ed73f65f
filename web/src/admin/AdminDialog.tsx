import { useEffect, useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { platformMessages } from '@app/contracts';
import { anyDirtyAtom } from '../state/sections';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Modal } from '../ui/Modal';
import { adminOpeningTabAtom, configsStatusAtom } from '../state/admin-status';
import { closeAdminDialogAtom } from './actions/close-dialog';
import { loadConfigsAtom } from './actions/load-configs';
import { saveConfigsAtom } from './actions/save-configs';
import { AdminTabs } from './shell/AdminTabs';
import { AdminTopBar } from './shell/AdminTopBar';
import { PanelLoading, TabContent } from './shell/TabContent';
import { visibleTabs, type TabId } from './shell/tabs';
import { useLiveConfigs } from './shell/use-live-configs';
import { EndpointTestDialog } from './endpoint-tests/EndpointTestDialog';
import { MissingEndpointsDialog } from './actions/MissingEndpointsDialog';
import { useAdminIntegrationsLoaded } from '../integrations';
import { HistoryView } from './history/HistoryView';
import { AsOfPanel } from './as-of/AsOfPanel';
import '../styles/admin.css';

/** The Admin Interface: one full-screen dialog with its tabs (`adminTabs`). */
export default function AdminDialog() {
  const dirty = useAtomValue(anyDirtyAtom);
  const status = useAtomValue(configsStatusAtom);
  const load = useSetAtom(loadConfigsAtom);
  const save = useSetAtom(saveConfigsAtom);
  const close = useSetAtom(closeAdminDialogAtom);
  const [active, setActive] = useState<TabId>(useAtomValue(adminOpeningTabAtom));
  const [confirmClose, setConfirmClose] = useState(false);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const idOf = (id: TabId) => ({ tab: `${baseId}-tab-${id}`, panel: `${baseId}-panel-${id}` });

  useLiveConfigs();
  useEffect(() => {
    void load();
  }, [load]);

  const integrationsLoaded = useAdminIntegrationsLoaded();
  const tabs = visibleTabs(integrationsLoaded);
  const tab = tabs.find((t) => t.id === active) ?? tabs[0];
  const requestClose = () => (dirty ? setConfirmClose(true) : close());

  return (
    <Modal label="Admin Interface" onDismiss={requestClose} className="admin-dialog">
      <AdminTopBar
        titleId={titleId}
        onReload={() => void load()}
        onClose={requestClose}
        onSave={() => void save()}
      />
      <AdminTabs tabs={tabs} active={active} onSelect={setActive} idOf={idOf} />
      {tab && (
        <div
          role="tabpanel"
          id={idOf(tab.id).panel}
          aria-labelledby={idOf(tab.id).tab}
          className="admin-panel"
          tabIndex={0}
        >
          {status === 'ready' ? (
            <AsOfPanel tab={tab}>
              <TabContent tab={tab} />
            </AsOfPanel>
          ) : (
            <PanelLoading />
          )}
        </div>
      )}
      {confirmClose && (
        <ConfirmDialog
          title="Unsaved changes"
          message={platformMessages.unsavedConfirm}
          confirmLabel="Close without saving"
          cancelLabel="Keep editing"
          onCancel={() => setConfirmClose(false)}
          onConfirm={() => {
            setConfirmClose(false);
            close();
          }}
        />
      )}
      <MissingEndpointsDialog />
      <EndpointTestDialog />
      <HistoryView />
    </Modal>
  );
}
