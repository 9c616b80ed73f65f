import { z } from 'zod';
import { boundedList } from '../bounded';
import { limits } from '../limits';
import { Model } from '../admin/supported-models';
import { successBody } from '../success';

/** GET /available_models: the models the signed-in caller may chat with. */
export const availableModelsRoute = '/available_models';

/**
 * A model as a user sees it: the admin-only parts (availability, built-in mark, the groups it is
 * limited to, the additional system prompt) are left out.
 */
export const UserModel = Model.omit({
  isAvailable: true,
  isBuiltIn: true,
  exclusiveGroupAvailability: true,
  systemPrompt: true,
});
export type UserModel = z.infer<typeof UserModel>;

export const AvailableModelsResponse = successBody({
  data: z.object({
    /** Sorted by name. */
    models: boundedList(UserModel, 'Available models', limits.models),
    /** The default user model, the advanced and the cheapest (Simple Task) ones; null when unset or not open to the caller. */
    default: UserModel.nullable(),
    advanced: UserModel.nullable(),
    cheapest: UserModel.nullable(),
  }),
});
export type AvailableModelsResponse = z.infer<typeof AvailableModelsResponse>;
