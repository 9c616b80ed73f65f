import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { Op, OpInput, normalizedOp, opLimits, opRegistrationProblem } from './op';
import { successBody, successData, successList } from '../success';

/**
 * The ops' routes, spelled as the clients call them, and the Ops tab's
 * (admins: the system ops every user sees). A user's own ops are registered through /ops/register.
 */
export const opsRoutes = {
  /** POST {tag?} → the system ops and the caller's own (of that tag when given). */
  get: '/ops/get',
  /** POST {op_name, system_op?, parameters} → the op's answer (JSON when it is). */
  call: '/ops',
  /** POST {ops}: registers (or replaces, by name) the caller's own ops. */
  register: '/ops/register',
  /** POST {op: {id, name, tags, url}}: deletes one of the caller's own ops. */
  delete: '/ops/delete',
  /** POST {tag?, op_name, system_op?} → one op (own first unless system_op). */
  getOp: '/ops/get_op',
  /** GET → the system ops (admins, the Ops tab). */
  adminList: '/amplifymin/ops',
  /** POST {ops}: registers system ops (admins). */
  adminRegister: '/amplifymin/ops/register',
  /** POST {op}: deletes a system op (admins). */
  adminDelete: '/amplifymin/ops/delete',
} as const;

/** The stream of the system ops (registered by admins in the Ops tab). */
export const systemOpsStreamId = 'ops-system';
/** The stream of one user's own ops. */
export const userOpsStreamId = (email: string) => `userOps-${email}`;

const opName = boundedString('Function name', opLimits.nameLength);
const tag = boundedString('Tag', opLimits.tagLength);

/** An op as listed to a user: whether it is a system op (an admin's) or the caller's own. */
export const ListedOp = Op.extend({ system_op: z.boolean() });
export type ListedOp = z.infer<typeof ListedOp>;

export const OpsGetRequest = z.object({ tag: tag.optional() });
export type OpsGetRequest = z.infer<typeof OpsGetRequest>;

export const OpsListResponse = successList(ListedOp);
export type OpsListResponse = z.infer<typeof OpsListResponse>;

export const SystemOpsResponse = successList(Op);
export type SystemOpsResponse = z.infer<typeof SystemOpsResponse>;

/**
 * POST {ops}: one to `perRegister` ops; every one with a function name, a request path and a tag
 * (`opsMessages.missingFields`, as the whole answer), an http(s) URL, a unique callable name.
 */
export const OpsRegisterRequest = z
  .object({
    ops: boundedList(OpInput, 'Ops', opLimits.perRegister).min(1, 'Add at least one op to register.'),
  })
  .superRefine((body, ctx) => {
    const problem = opRegistrationProblem(body.ops.map(normalizedOp));
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  });
export type OpsRegisterRequest = z.input<typeof OpsRegisterRequest>;

export const OpsRegisterResponse = successBody({
  message: z.string(),
  data: z.array(Op),
});
export type OpsRegisterResponse = z.infer<typeof OpsRegisterResponse>;

/** POST {op}: the op to delete, as the Ops tab sends it (id, name, tags, url); found by name. */
export const OpsDeleteRequest = z.object({
  op: z.object({
    id: opName.optional(),
    name: opName.min(1, 'Function name is required.'),
    tags: boundedList(tag, 'Tags', opLimits.tags).optional(),
    url: boundedString('Request path', opLimits.urlLength).optional(),
  }),
});
export type OpsDeleteRequest = z.infer<typeof OpsDeleteRequest>;

export const OpsChangeResponse = successBody({ message: z.string() });
export type OpsChangeResponse = z.infer<typeof OpsChangeResponse>;

export const OpsGetOpRequest = z.object({
  tag: tag.optional(),
  op_name: opName.min(1, 'Function name is required.'),
  system_op: z.boolean().optional(),
});
export type OpsGetOpRequest = z.infer<typeof OpsGetOpRequest>;

export const OpsGetOpResponse = successData(ListedOp);
export type OpsGetOpResponse = z.infer<typeof OpsGetOpResponse>;

/** JSON arguments of at most `argumentsBytes` once serialised. */
export const OpArguments = z
  .record(z.string().max(opLimits.parameterNameLength), z.unknown())
  .refine(
    (a) => JSON.stringify(a).length <= opLimits.argumentsBytes,
    `The parameters may be at most ${opLimits.argumentsBytes} bytes of JSON.`,
  );
export type OpArguments = z.infer<typeof OpArguments>;

/** POST /ops: call an op by name with its parameters (GET and DELETE send no body). */
export const OpCallRequest = z.object({
  op_name: opName.min(1, 'Function name is required.'),
  system_op: z.boolean().optional(),
  parameters: OpArguments.default({}),
});
export type OpCallRequest = z.input<typeof OpCallRequest>;

/** The op's answer: its status and its body, parsed as JSON when it is JSON, else text. */
export const OpCallResponse = z.object({
  success: z.boolean(),
  status: z.number().int(),
  data: z.unknown(),
  message: z.string().optional(),
});
export type OpCallResponse = z.infer<typeof OpCallResponse>;
