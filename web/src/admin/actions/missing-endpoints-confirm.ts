import { atom } from 'jotai';
import { currentValue } from '../../state/section-rules';
import { readSection } from '../../state/sections';
import { missingEndpointWarnings } from './missing-endpoints';

/** The question Save Changes asks when it would leave available models without an endpoint. */
export type MissingEndpointsQuestion = {
  warnings: readonly string[];
  decide: (proceed: boolean) => void;
} | null;

export const missingEndpointsQuestionAtom = atom<MissingEndpointsQuestion>(null);

/**
 * Before Save Changes sends anything: whether to go on. Yes when the save leaves no available model
 * without an endpoint; otherwise what the admin answers to the warning.
 */
export const confirmMissingEndpointsAtom = atom(null, async (get, set): Promise<boolean> => {
  if (get(missingEndpointsQuestionAtom) !== null) return false;
  const models = readSection(get, 'supportedModels');
  const endpoints = readSection(get, 'openaiEndpoints');
  const warnings = missingEndpointWarnings(
    { models: currentValue(models), endpoints: currentValue(endpoints) },
    { models: models.server, endpoints: endpoints.server },
  );
  if (warnings.length === 0) return true;
  const proceed = await new Promise<boolean>((decide) =>
    set(missingEndpointsQuestionAtom, { warnings, decide }),
  );
  set(missingEndpointsQuestionAtom, null);
  return proceed;
});
