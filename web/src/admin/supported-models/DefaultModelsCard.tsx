import { useAtomValue, useSetAtom } from 'jotai';
import {
  defaultModelKeysShown,
  defaultModelLabels,
  defaultModelOptions,
  platformMessages,
  requiredDefaultModelKeys,
  type DefaultModelKey,
} from '@app/contracts';
import { sections } from '../../state/sections';
import { SectionCardHeader } from '../shell/SectionCardHeader';
import { DefaultModelSelect } from './DefaultModelSelect';

/** The default model selectors: which ones show depends on the feature flags. */
export function DefaultModelsCard() {
  const models = useAtomValue(sections.supportedModels.value);
  const defaults = useAtomValue(sections.defaultModels.value);
  const flags = useAtomValue(sections.featureFlags.value);
  const edit = useSetAtom(sections.defaultModels.edit);
  const required = requiredDefaultModelKeys(flags);
  const set = (key: DefaultModelKey, id: string) => edit((d) => ({ ...d, [key]: id }));

  return (
    <section className="card default-models" aria-labelledby="default-models-title">
      <SectionCardHeader section="defaultModels" title="Default Models" titleId="default-models-title" />
      <div className="default-models-grid">
        {defaultModelKeysShown(flags).map((key) => {
          const options = defaultModelOptions(key, models, flags);
          const value = defaults[key];
          const unfit = value !== '' && !options.some((m) => m.id === value);
          return (
            <DefaultModelSelect
              key={key}
              label={defaultModelLabels[key]}
              required={required.includes(key)}
              value={value}
              options={options}
              problem={unfit ? platformMessages.defaultModelUnfit(defaultModelLabels[key], value) : null}
              onChange={(id) => set(key, id)}
            />
          );
        })}
      </div>
    </section>
  );
}
