import { describe, it } from 'vitest';
import { defaultOpParameters, opLimits, opsMessages, type Op, type OpEvent } from '@app/contracts';
import { opsDecider } from '../../src/ops/ops-decider';
import { DeciderSpecification } from './decider-spec';

const op = (name: string, more: Partial<Op> = {}): Op => ({
  id: name,
  name,
  url: `https://api.example.com/${name}`,
  method: 'POST',
  description: '',
  type: 'custom',
  tags: ['t'],
  parameters: defaultOpParameters(),
  ...more,
});
const registered = (o: Op): OpEvent => ({ type: 'OpRegistered', data: { op: o } });
const register = (...ops: Op[]) => ({ type: 'RegisterOps' as const, data: { ops } });

describe('Ops decider', () => {
  const given = DeciderSpecification.for(opsDecider);

  it('given none, when ops are registered, then each is recorded', () => {
    given([])
      .when(register(op('a'), op('b')))
      .then([registered(op('a')), registered(op('b'))]);
  });

  it('given an op, when it is registered again unchanged, then nothing is recorded', () => {
    given([registered(op('a'))])
      .when(register(op('a')))
      .then([]);
  });

  it('given an op, when one of its name is registered with another url, then it is replaced', () => {
    const changed = op('a', { url: 'https://other.example.com/a' });
    given([registered(op('a'))])
      .when(register(changed))
      .then([registered(changed)]);
  });

  it('given none, when an op has no tags, then the spec refuses it', () => {
    given([])
      .when(register(op('a', { tags: [] })))
      .thenThrows(opsMessages.missingFields);
  });

  it('given none, when an op has no request path, then the spec refuses it', () => {
    given([])
      .when(register(op('a', { url: '' })))
      .thenThrows(opsMessages.missingFields);
  });

  it('given none, when an op has no function name, then the spec refuses it', () => {
    given([])
      .when(register(op('')))
      .thenThrows(opsMessages.missingFields);
  });

  it('given none, when an op points at a file: url, then it is refused', () => {
    given([])
      .when(register(op('a', { url: 'file:///etc/passwd' })))
      .thenThrows(opsMessages.invalidUrl('a'));
  });

  it('given none, when a function name has spaces, then it is refused', () => {
    given([])
      .when(register(op('get weather')))
      .thenThrows(opsMessages.invalidName('get weather'));
  });

  it('given ops up to the limit, when one more is registered, then it is refused', () => {
    const full = Array.from({ length: opLimits.perOwner }, (_, i) => registered(op(`op${i}`)));
    given(full)
      .when(register(op('extra')))
      .thenThrows(opsMessages.tooManyOps(opLimits.perOwner));
  });

  it('given an op, when it is deleted, then OpDeleted; deleting it again is refused', () => {
    given([registered(op('a'))])
      .when({ type: 'DeleteOp', data: { name: 'a' } })
      .then([{ type: 'OpDeleted', data: { name: 'a' } }]);
    given([registered(op('a')), { type: 'OpDeleted', data: { name: 'a' } }])
      .when({ type: 'DeleteOp', data: { name: 'a' } })
      .thenThrows(opsMessages.notFound('a'));
  });
});
