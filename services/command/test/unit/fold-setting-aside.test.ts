import { describe, expect, it } from 'vitest';
import type { SupportEmailEvent } from '@app/contracts';
import { nameMapFold, type Decider } from '../../src/shared/decider';
import { foldSettingAside } from '../../src/shared/fold-setting-aside';
import { supportEmailDecider } from '../../src/configurations/support-email';

/** What the log may hold besides what a decider appends: an operator's event by hand. */
const stored = (events: readonly unknown[]) => events as SupportEmailEvent[];

const address = (email: string) => ({ type: 'SupportEmailAddressChanged', data: { email } });
const activated = { type: 'SupportEmailActivated', data: {} };

describe('foldSettingAside', () => {
  it('folds every event like fold when all fit, leaving none out', () => {
    const events = stored([address('a@example.com'), activated]);
    expect(foldSettingAside(supportEmailDecider, events)).toEqual({
      state: { isActive: true, email: 'a@example.com' },
      leftOut: [],
    });
  });

  it('leaves out an event whose data is null (it fails the contract), and folds the others', () => {
    const events = stored([
      address('a@example.com'),
      { type: 'SupportEmailAddressChanged', data: null },
      activated,
    ]);
    expect(foldSettingAside(supportEmailDecider, events)).toEqual({
      state: { isActive: true, email: 'a@example.com' },
      leftOut: [{ index: 1, type: 'SupportEmailAddressChanged', reason: 'contract' }],
    });
  });

  it('leaves out an event that evolve would fold into a wrong state (not a string address)', () => {
    const events = stored([address('a@example.com'), address(42 as unknown as string)]);
    const folded = foldSettingAside(supportEmailDecider, events);
    expect(folded.state.email).toBe('a@example.com');
    expect(folded.leftOut).toEqual([{ index: 1, type: 'SupportEmailAddressChanged', reason: 'contract' }]);
  });

  it('leaves out an event of a type the contract does not know', () => {
    const events = stored([{ type: 'SomethingElse', data: {} }, activated]);
    expect(foldSettingAside(supportEmailDecider, events).leftOut).toEqual([
      { index: 0, type: 'SomethingElse', reason: 'contract' },
    ]);
  });

  it('folds onto the state given, which it leaves as it was', () => {
    const from = { isActive: false, email: 'old@example.com' };
    const folded = foldSettingAside(
      supportEmailDecider,
      stored([{ type: 'X', data: null }, activated]),
      from,
    );
    expect(folded.state).toEqual({ isActive: true, email: 'old@example.com' });
    expect(from).toEqual({ isActive: false, email: 'old@example.com' });
  });

  describe('without a contract', () => {
    type E = { type: 'Named'; data: { name: string; size: number } };
    const { evolve, evolveAll } = nameMapFold<number, E>(
      (e) => e.data.name,
      (_entry, e) => e.data.size,
    );
    const decider: Pick<
      Decider<Record<string, number>, never, E>,
      'evolve' | 'initialState' | 'evolveAll'
    > = {
      initialState: () => ({}),
      evolve,
      evolveAll,
    };
    const named = (name: string, size: number) => ({ type: 'Named', data: { name, size } });

    it('leaves nothing out: an event whose evolve throws makes the fold throw (a revoke is never skipped)', () => {
      const events = [named('a', 1), { type: 'Named', data: null }, named('b', 2)] as E[];
      expect(() => foldSettingAside(decider, events)).toThrow(TypeError);
    });

    it('folds every event evolve accepts, whatever its data', () => {
      const events = [named('a', 1), { type: 'Named', data: { name: 'b', size: 'big' } }] as E[];
      const folded = foldSettingAside(decider, events);
      expect({ ...folded.state }).toEqual({ a: 1, b: 'big' });
      expect(folded.leftOut).toEqual([]);
    });
  });
});
