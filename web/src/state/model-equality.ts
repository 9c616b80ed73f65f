import type { Model, SupportedModelsSection } from '@app/contracts';
import { deepEqual, sameMembers } from './equality';

/** One model as the server sees it: its Amplify groups are a set, the other fields plain values. */
export const sameModel = (a: Model, b: Model): boolean => {
  const { exclusiveGroupAvailability: ga, ...ra } = a;
  const { exclusiveGroupAvailability: gb, ...rb } = b;
  return sameMembers(ga, gb) && deepEqual(ra, rb);
};

/** The Supported Models section: the same ids, each model the same (key order does not matter). */
export const sameSupportedModels = (a: SupportedModelsSection, b: SupportedModelsSection): boolean => {
  const ids = Object.keys(a);
  if (ids.length !== Object.keys(b).length) return false;
  return ids.every((id) => {
    const x = a[id];
    const y = Object.hasOwn(b, id) ? b[id] : undefined;
    return x !== undefined && y !== undefined && sameModel(x, y);
  });
};
