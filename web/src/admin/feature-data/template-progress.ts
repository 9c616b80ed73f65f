import { featureDataLimits } from '@app/contracts';

/** While a template uploads, its progress advances 5 percent every 200 ms, held below 100 until it is done. */
export const nextTemplateProgress = (progress: number): number =>
  Math.min(progress + featureDataLimits.progressStep, 95);

export const templateProgressEveryMs = featureDataLimits.progressEveryMs;
