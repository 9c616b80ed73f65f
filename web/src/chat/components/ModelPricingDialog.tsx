import { useAtomValue, useSetAtom } from 'jotai';
import { availableModelsAtom } from '../../state/user-config';
import { Modal } from '../../ui/Modal';
import { chatText } from '../chat-text';
import { allModelOptions, pricePer1k, toggleHidden } from '../../state/model-options';
import { hiddenModelIdsAtom, saveUserSettingsAtom } from '../../state/user-settings';
import { TableHead } from '../../ui/table/TableHead';
import { CloseActions } from '../../ui/DialogActions';

/**
 * View Model Pricing: every model the user may use, its prices per 1k tokens, output limit and
 * tiers; a model can be hidden from (or shown again in) the selector, saved in the user's settings.
 */
export function ModelPricingDialog({ onClose }: { onClose: () => void }) {
  const models = useAtomValue(availableModelsAtom)?.models ?? [];
  const hidden = useAtomValue(hiddenModelIdsAtom);
  const save = useSetAtom(saveUserSettingsAtom);
  const options = allModelOptions(models);

  const setShown = (modelId: string, shown: boolean) =>
    void save({ hiddenModelIds: toggleHidden(hidden, modelId, !shown) });

  return (
    <Modal label="Model Pricing" onDismiss={onClose} className="chat-pricing">
      <h2 className="modal-title">Model Pricing</h2>
      <div className="chat-pricing-scroll">
        <table className="chat-pricing-table">
          <TableHead
            columns={[
              'Model',
              'Input / 1k',
              'Output / 1k',
              'Cached / 1k',
              'Output limit',
              'Cost tier',
              'Output tier',
              'Shown',
            ]}
          />
          <tbody>
            {options.map(({ model, costTier, outputLimitTier }) => {
              const name = model.name || model.id;
              return (
                <tr key={model.id}>
                  <th scope="row">{name}</th>
                  <td>{pricePer1k(model.inputTokenCost)}</td>
                  <td>{pricePer1k(model.outputTokenCost)}</td>
                  <td>{pricePer1k(model.cachedTokenCost)}</td>
                  <td>{chatText.tokenLimit(model.outputTokenLimit)}</td>
                  <td>
                    <span className={`chat-tier chat-tier-${costTier}`}>{costTier}</span>
                  </td>
                  <td>{outputLimitTier}</td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Show ${name}`}
                      checked={!hidden.includes(model.id)}
                      onChange={(e) => setShown(model.id, e.target.checked)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <CloseActions onClose={onClose} />
    </Modal>
  );
}
