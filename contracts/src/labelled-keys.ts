import { z } from 'zod';

/**
 * A closed set of keys, each with the label people see, written once as `{ key: label }`: the keys
 * in that order, their zod enum, and the labels.
 */
export const labelledKeys = <const Labels extends Record<string, string>>(labels: Labels) => {
  const keys = Object.keys(labels) as [keyof Labels & string, ...(keyof Labels & string)[]];
  return { keys, schema: z.enum(keys), labels };
};
