// @ts-check
import { featureZones } from './feature-zones.js';

/** services/command: one folder per capability; shared/ is what every feature stands on. */
export const commandZones = featureZones('services/command/src', { shared: ['shared'] });
