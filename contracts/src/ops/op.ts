import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { opsMessages } from './ops-messages';

/** How large an op and its parts may be (every input bounded). */
export const opLimits = {
  nameLength: 64,
  urlLength: 2_048,
  descriptionLength: 2_000,
  tags: 20,
  tagLength: 64,
  parameters: 50,
  parameterNameLength: 64,
  parameterDescriptionLength: 1_000,
  /** Ops one register request may carry. */
  perRegister: 50,
  /** Ops one owner (the system, or one user) may keep. */
  perOwner: 200,
  /** The JSON arguments of one call. */
  argumentsBytes: 64 * 1024,
  /** The answer of one call that is read; past it the call fails. */
  answerBytes: 256 * 1024,
  /** How long one call may take. */
  callMs: 15_000,
} as const;

export const opMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type OpMethod = (typeof opMethods)[number];
/** Methods whose parameters are edited; GET and DELETE take the fixed default and send no body. */
export const opMethodsWithBody: readonly OpMethod[] = ['POST', 'PUT', 'PATCH'];
export const opMethodHasBody = (method: OpMethod): boolean => opMethodsWithBody.includes(method);

export const opParameterTypes = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const;
export type OpParameterType = (typeof opParameterTypes)[number];

/** A function name a model can call as a tool: letters, digits, underscores, hyphens. */
export const opNamePattern = /^[A-Za-z0-9_-]{1,64}$/;

export const OpParameter = z.object({
  type: z.enum(opParameterTypes),
  description: boundedString('Parameter description', opLimits.parameterDescriptionLength).default(''),
});
export type OpParameter = z.infer<typeof OpParameter>;

const parameterName = z
  .string()
  .min(1, 'Parameter names may not be empty.')
  .max(
    opLimits.parameterNameLength,
    `Parameter names must be at most ${opLimits.parameterNameLength} characters long.`,
  )
  .refine((n) => n !== '__proto__', 'That parameter name is reserved.');

/** The parameters schema: properties by name (type and description) and the required names. */
export const OpParameters = z.object({
  properties: z
    .record(parameterName, OpParameter)
    .refine(
      (p) => Object.keys(p).length <= opLimits.parameters,
      `An op may define at most ${opLimits.parameters} parameters.`,
    ),
  required: boundedList(parameterName, 'Required parameters', opLimits.parameters).default([]),
});
export type OpParameters = z.infer<typeof OpParameters>;

/** The fixed default parameters schema of GET and DELETE ops (no parameters), and of a new op. */
export const defaultOpParameters = (): OpParameters => ({ properties: {}, required: [] });

/** An op as stored and answered: id equals name, type 'custom'. */
export const Op = z.object({
  id: z.string().max(opLimits.nameLength),
  name: z.string().max(opLimits.nameLength),
  url: z.string().max(opLimits.urlLength),
  method: z.enum(opMethods),
  description: z.string().max(opLimits.descriptionLength),
  type: z.literal('custom'),
  tags: z.array(z.string().max(opLimits.tagLength)).max(opLimits.tags),
  parameters: OpParameters,
});
export type Op = z.infer<typeof Op>;

/** An op as the caller sends it to be registered: checked as a whole by `opRegistrationProblem`. */
export const OpInput = z.object({
  id: boundedString('Function name', opLimits.nameLength).optional(),
  name: boundedString('Function name', opLimits.nameLength).default(''),
  url: boundedString('Request path', opLimits.urlLength).default(''),
  method: z.enum(opMethods).default('POST'),
  description: boundedString('Description', opLimits.descriptionLength).default(''),
  type: z.literal('custom').default('custom'),
  tags: boundedList(boundedString('Tag', opLimits.tagLength), 'Tags', opLimits.tags).default([]),
  parameters: OpParameters.default(defaultOpParameters),
});
export type OpInput = z.input<typeof OpInput>;
/** An op as a route receives it once parsed (defaults applied). */
export type ParsedOpInput = z.output<typeof OpInput>;

/** Tags from a comma-separated list, each trimmed, empty ones dropped. */
export const parseOpTags = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

/** Is `url` an absolute http(s) URL? (Where it points is the guarded client's business at call time.) */
export const isOpUrl = (url: string): boolean => {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
};

/**
 * The op as it is registered: name trimmed, id = name, tags trimmed, type 'custom', GET and DELETE
 * with the fixed default parameters, required names limited to defined parameters.
 */
export const normalizedOp = (input: ParsedOpInput): Op => {
  const name = input.name.trim();
  const parameters = opMethodHasBody(input.method) ? input.parameters : defaultOpParameters();
  return {
    id: name,
    name,
    url: input.url.trim(),
    method: input.method,
    description: input.description,
    type: 'custom',
    tags: input.tags.map((t) => t.trim()).filter((t) => t !== ''),
    parameters: {
      properties: parameters.properties,
      required: [...new Set(parameters.required)],
    },
  };
};

/**
 * What is wrong with ops about to be registered, in `opsMessages`' words first (a missing function name,
 * request path or tags), then ours; null when they may be registered.
 */
export const opRegistrationProblem = (ops: readonly Op[]): string | null => {
  if (ops.some((op) => op.name === '' || op.url === '' || op.tags.length === 0))
    return opsMessages.missingFields;
  const seen = new Set<string>();
  for (const op of ops) {
    if (!opNamePattern.test(op.name)) return opsMessages.invalidName(op.name);
    if (!isOpUrl(op.url)) return opsMessages.invalidUrl(op.name);
    if (seen.has(op.name)) return opsMessages.duplicateName(op.name);
    seen.add(op.name);
    const unknown = op.parameters.required.find((r) => !Object.hasOwn(op.parameters.properties, r));
    if (unknown !== undefined) return opsMessages.requiredUnknown(op.name, unknown);
  }
  return null;
};
