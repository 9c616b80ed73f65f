import { Modal } from '../../ui/Modal';
import { CloseActions } from '../../ui/DialogActions';
import { isMac, shortcuts, shownKeys } from './shortcut-keys';

/** The list of keyboard shortcuts (Ctrl/⌘+/ opens it). */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const mac = isMac(navigator.platform);
  return (
    <Modal label="Keyboard shortcuts" onDismiss={onClose} className="shortcuts-dialog">
      <h2 className="modal-title">Keyboard shortcuts</h2>
      <table className="shortcuts-table">
        <tbody>
          {shortcuts.map((s) => (
            <tr key={s.action}>
              <th scope="row">{s.label}</th>
              <td>
                {shownKeys(s.keys, mac).map((key, i) => (
                  <span key={key}>
                    {i > 0 && <span aria-hidden="true"> + </span>}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <CloseActions onClose={onClose} />
    </Modal>
  );
}
