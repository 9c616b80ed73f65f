import { adminsProjection } from './admins';
import { featureFlagsProjection } from './feature-flags';
import { sectionsProjection } from './sections';
import type { Projection } from './projection';

export type { Projection };
export const allProjections: readonly Projection[] = [adminsProjection, featureFlagsProjection, sectionsProjection];
