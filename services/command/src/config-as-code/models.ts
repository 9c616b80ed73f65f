import type { DefaultModelsState } from '../configurations/index';
import type { SupportedModelsState } from '../configurations/index';
import { plainSection } from './plain-section';

/** The Supported Models tab: its models and the default models. */
export const supportedModelsCodec = plainSection('supportedModels', (s: SupportedModelsState) => s);
export const defaultModelsCodec = plainSection('defaultModels', (s: DefaultModelsState) => s);
