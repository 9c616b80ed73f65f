import { z } from 'zod';
import { boundedString, nameFields, nameString } from '../bounded';
import { maxEndpointKeyLength } from './openai-endpoints';
import { limits } from '../limits';
import { platformMessages } from '../messages';
import { successBody } from '../success';

/** The sections whose values are secrets: read masked, revealed one at a time by an audited request. */
export const secretSections = ['applicationSecrets', 'applicationVariables', 'openaiEndpoints'] as const;
export type SecretSection = (typeof secretSections)[number];

/** POST /api/admin/reveal: one value, named by its key (or, for an endpoint key, by model and index). */
export const RevealRequest = z.discriminatedUnion('section', [
  z.object({ section: z.literal('applicationSecrets'), key: nameString(nameFields.variableName).min(1) }),
  z.object({ section: z.literal('applicationVariables'), key: nameString(nameFields.variableName).min(1) }),
  z.object({
    section: z.literal('openaiEndpoints'),
    model: nameString(nameFields.endpointModelName).min(1),
    /** The endpoint's position in the model's list as GET /amplifymin/configs answers it. */
    index: z
      .number()
      .int()
      .nonnegative()
      .max(
        limits.endpointsPerModel - 1,
        platformMessages.tooMany('The endpoints of a model', limits.endpointsPerModel),
      ),
  }),
]);
export type RevealRequest = z.infer<typeof RevealRequest>;

/** The one HTTP answer that holds a plain secret value. */
export const RevealResponse = successBody({
  value: boundedString('The value', Math.max(limits.variableValueLength, maxEndpointKeyLength)),
});
export type RevealResponse = z.infer<typeof RevealResponse>;

/** Reveals of one section are recorded on a stream of their own, so the section's version does not move. */
export const secretRevealsStreamId = (section: SecretSection): string => `secretReveals-${section}`;

export type SecretRevealedEvent = {
  type: 'SecretRevealed';
  data: { section: SecretSection; key: string; endpointIndex?: number; by: string };
};
