import type { FeatureFlagsState } from '../configurations/index';
import { plainSection } from './plain-section';

/** The Feature Flags tab. */
export const featureFlagsCodec = plainSection('featureFlags', (s: FeatureFlagsState) => s);
