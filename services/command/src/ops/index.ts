export { opsDecider, type OpsCommand, type OpsState } from './ops-decider';
export { callOp, argumentsProblem, type OpCallOutcome } from './ops-call';
export { findOp, ownOps, systemOps, visibleOps } from './ops-read';
export { opsRoutesPlugin, type OpsRoutesOptions } from './ops-routes';
