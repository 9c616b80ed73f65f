import {
  opLimits,
  opMethodHasBody,
  opsMessages,
  type Op,
  type OpArguments,
  type OpParameterType,
} from '@app/contracts';
import {
  DomainError,
  maxJsonDepth,
  nestedDeeperThan,
  OutboundError,
  type OutboundClient,
} from '@app/platform';

/** The outcome of one call: the op's status and its answer (JSON when it is, else text). */
export interface OpCallOutcome {
  ok: boolean;
  status: number;
  data: unknown;
  message?: string;
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

const hasType = (value: unknown, type: OpParameterType): boolean => {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
  }
};

/** Why `args` do not fit the op's parameters schema, or null when they do. */
export const argumentsProblem = (op: Op, args: Readonly<Record<string, unknown>>): string | null => {
  const { properties, required } = op.parameters;
  for (const name of Object.keys(args)) {
    const parameter = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!parameter) return `'${name}' is not a parameter of this op.`;
    if (!hasType(args[name], parameter.type)) return `'${name}' must be of type ${parameter.type}.`;
  }
  const missing = required.find((name) => args[name] === undefined);
  return missing === undefined ? null : `'${missing}' is required.`;
};

/**
 * The answer's body as JSON when it parses, else as text; as text too when it nests deeper than the
 * platform's bound (written back as JSON, a value thousands deep would overflow the stack).
 */
const answerOf = (body: Buffer): unknown => {
  const text = body.toString('utf8');
  if (nestedDeeperThan(text, maxJsonDepth)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * Calls `op` with `args` through the guarded client (the only way an op's URL is reached): the
 * arguments checked against the op's schema first (DomainError), GET and DELETE send no body, the
 * answer read up to `answerBytes` within `callMs`. A refused address or a failed call is an outcome
 * that is not ok, never a thrown error.
 */
export const callOp = async (
  outbound: OutboundClient,
  op: Op,
  args: OpArguments,
  signal?: AbortSignal,
): Promise<OpCallOutcome> => {
  const problem = argumentsProblem(op, args);
  if (problem !== null) throw new DomainError(opsMessages.badArguments(op.name, problem));
  const withBody = opMethodHasBody(op.method);
  const timeout = AbortSignal.timeout(opLimits.callMs);
  try {
    const answer = await outbound.request(op.url, {
      method: op.method,
      headers: withBody
        ? { 'content-type': 'application/json', accept: 'application/json' }
        : { accept: 'application/json' },
      ...(withBody ? { body: JSON.stringify(args) } : {}),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (answer.body.length > opLimits.answerBytes)
      return {
        ok: false,
        status: answer.status,
        data: null,
        message: opsMessages.callFailed(op.name, `its answer is larger than ${opLimits.answerBytes} bytes.`),
      };
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      ok,
      status: answer.status,
      data: answerOf(answer.body),
      ...(ok ? {} : { message: opsMessages.callFailed(op.name, `it answered ${answer.status}.`) }),
    };
  } catch (e) {
    if (e instanceof OutboundError || (e instanceof Error && e.name === 'TimeoutError'))
      return { ok: false, status: 0, data: null, message: opsMessages.callFailed(op.name, e.message) };
    throw e;
  }
};
