import {
  emptyNameMap,
  opLimits,
  opRegistrationProblem,
  opsMessages,
  ownValue,
  type NameMap,
  type Op,
  type OpEvent,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, nameMapFold, nameMapSnapshot, type Decider } from '../shared/decider';

/** One owner's ops (the system's, on `ops-system`, or one user's) by name. */
export type OpsState = NameMap<Op>;

export type OpsCommand =
  { type: 'RegisterOps'; data: { ops: Op[] } } | { type: 'DeleteOp'; data: { name: string } };

const sameOp = (a: Op, b: Op): boolean => JSON.stringify(a) === JSON.stringify(b);

const decideRegister = (state: OpsState, ops: readonly Op[]): OpEvent[] => {
  const problem = opRegistrationProblem(ops);
  if (problem !== null) throw new DomainError(problem);
  const added = ops.filter((op) => !ownValue(state, op.name)).length;
  if (Object.keys(state).length + added > opLimits.perOwner)
    throw new DomainError(opsMessages.tooManyOps(opLimits.perOwner));
  return ops
    .filter((op) => {
      const existing = ownValue(state, op.name);
      return !existing || !sameOp(existing, op);
    })
    .map((op) => ({ type: 'OpRegistered', data: { op } }));
};

/**
 * An owner's ops: registered (a name already there is replaced; an op registered again unchanged
 * records nothing) and deleted by name. The checks of the Ops tab hold here too (`opsMessages`
 * first), so no route can append an op without a name, a path or a tag.
 */
export const opsDecider: Decider<OpsState, OpsCommand, OpEvent> = {
  initialState: () => emptyNameMap<Op>(),

  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterOps':
        return decideRegister(state, command.data.ops);
      case 'DeleteOp': {
        if (!ownValue(state, command.data.name))
          throw new DomainError(opsMessages.notFound(command.data.name));
        return [{ type: 'OpDeleted', data: { name: command.data.name } }];
      }
      default:
        return assertNever(command);
    }
  },

  ...nameMapFold<Op, OpEvent>(
    (event) => (event.type === 'OpRegistered' ? event.data.op.name : event.data.name),
    (_entry, event) => {
      switch (event.type) {
        case 'OpRegistered':
          return event.data.op;
        case 'OpDeleted':
          return undefined;
        default:
          return assertNever(event);
      }
    },
  ),

  snapshot: nameMapSnapshot<Op>('ops/1'),
};
