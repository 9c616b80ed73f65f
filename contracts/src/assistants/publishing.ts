import { z } from 'zod';
import { boundedString } from '../bounded';
import { limits } from '../limits';
import { AssistantDefinition, AssistantId } from './assistant';
import { AssistantAccessTo, AstPathInput } from './path';
import { successBody } from '../success';

/** POST /assistant/add_path. */
export const AddAssistantPathRequest = z.object({
  assistantId: AssistantId,
  astPath: AstPathInput,
  isPublic: z.boolean().default(true),
  accessTo: AssistantAccessTo.default({ amplifyGroups: [], users: [] }),
});
export type AddAssistantPathRequest = z.infer<typeof AddAssistantPathRequest>;
export type AddAssistantPathInput = z.input<typeof AddAssistantPathRequest>;

/** POST /groups/assistant/add_path: the same publishing for a group assistant. */
export const GroupAddAssistantPathRequest = z.object({
  group_id: boundedString('The group id', limits.nameLength).min(1),
  path_data: AddAssistantPathRequest,
});
export type GroupAddAssistantPathRequest = z.infer<typeof GroupAddAssistantPathRequest>;

export const AddAssistantPathResponse = successBody({
  message: z.string(),
  data: z.object({ assistantId: z.string(), astPath: z.string() }),
});
export type AddAssistantPathResponse = z.infer<typeof AddAssistantPathResponse>;

/** POST /assistant/check_path (ours): the path-check states' message for what is typed. */
export const CheckAssistantPathRequest = z.object({
  astPath: AstPathInput,
  /** The assistant being published: its own current path answers 'Current Path'. */
  assistantId: AssistantId.optional(),
});
export type CheckAssistantPathRequest = z.infer<typeof CheckAssistantPathRequest>;

export const CheckAssistantPathResponse = z.object({ valid: z.boolean(), message: z.string() });
export type CheckAssistantPathResponse = z.infer<typeof CheckAssistantPathResponse>;

/** POST /assistant/lookup. */
export const LookupAssistantRequest = z.object({ astPath: AstPathInput });
export type LookupAssistantRequest = z.infer<typeof LookupAssistantRequest>;

/** The Lookup result. */
export const LookupAssistantResult = successBody({
  message: z.string(),
  assistantId: z.string(),
  astPath: z.string(),
  /** The path the definition itself carries (the same, unless it was moved since). */
  pathFromDefinition: z.string().nullable(),
  public: z.boolean(),
  name: z.string(),
  definition: AssistantDefinition,
});
export type LookupAssistantResult = z.infer<typeof LookupAssistantResult>;

/** 404 and 403 of the lookup: {success: false, message}. */
export const LookupAssistantRefusal = z.object({ success: z.literal(false), message: z.string() });
export type LookupAssistantRefusal = z.infer<typeof LookupAssistantRefusal>;
