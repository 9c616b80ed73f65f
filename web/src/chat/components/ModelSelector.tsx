import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { modelOptionLabel } from '../../state/model-options';
import {
  chosenModelIdAtom,
  modelOptionsAtom,
  modelsSettledAtom,
  selectedModelAtom,
} from '../../state/models';
import { chatText } from '../chat-text';
import { ModelPricingDialog } from './ModelPricingDialog';
import { TierLegend } from './TierLegend';
import { PriceIcon } from '../header/icons';

/**
 * The model selector: the user's models by name (hidden ones left out), each with its cost tier and
 * output-limit tier; the tiers' legend; the pricing of every model, where models are hidden or shown.
 */
export function ModelSelector() {
  const options = useAtomValue(modelOptionsAtom);
  const selected = useAtomValue(selectedModelAtom);
  const choose = useSetAtom(chosenModelIdAtom);
  const settled = useAtomValue(modelsSettledAtom);
  const [shown, setShown] = useState<'legend' | 'pricing' | null>(null);

  return (
    <div className="chat-model-selector">
      <select
        className="input"
        aria-label="Model"
        value={selected?.id ?? ''}
        disabled={options.length === 0}
        onChange={(e) => choose(e.target.value)}
      >
        {options.length === 0 && (
          <option value="">{settled ? chatText.noModelOption : chatText.loadingModels}</option>
        )}
        {options.map((o) => (
          <option key={o.model.id} value={o.model.id}>
            {modelOptionLabel(o)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-ghost btn-icon btn-small"
        aria-label="Model tiers legend"
        title="Model tiers legend"
        onClick={() => setShown('legend')}
      >
        ?
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-label="View Model Pricing"
        title="View Model Pricing"
        onClick={() => setShown('pricing')}
      >
        <span className="chat-pricing-text">View Model Pricing</span>
        <span className="chat-pricing-icon">
          <PriceIcon />
        </span>
      </button>
      {shown === 'legend' && <TierLegend onClose={() => setShown(null)} />}
      {shown === 'pricing' && <ModelPricingDialog onClose={() => setShown(null)} />}
    </div>
  );
}
