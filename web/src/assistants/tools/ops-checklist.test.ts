import { describe, expect, it } from 'vitest';
import { assistantLimits, type AssistantTool, type ListedOp } from '@app/contracts';
import {
  canAddTool,
  checklistRows,
  opMatches,
  toggleTool,
  toolOfOp,
  unavailableTools,
} from './ops-checklist';

const op = (name: string, over: Partial<ListedOp> = {}): ListedOp => ({
  id: name,
  name,
  url: `https://ops.example.com/${name}`,
  method: 'POST',
  description: `Does ${name}`,
  type: 'custom',
  tags: [],
  parameters: { properties: {}, required: [] },
  system_op: true,
  ...over,
});

describe('opMatches', () => {
  it('matches every op on an empty search', () => {
    expect(opMatches(op('get_weather'), '  ')).toBe(true);
  });
  it('matches by name or tag, the search lower-cased', () => {
    const weather = op('Get_Weather', { tags: ['Forecast'] });
    expect(opMatches(weather, 'WEATHER')).toBe(true);
    expect(opMatches(weather, 'forec')).toBe(true);
    expect(opMatches(weather, ' FORECAST ')).toBe(true);
    expect(opMatches(weather, 'tides')).toBe(false);
  });
  it('does not match on the description alone', () => {
    expect(opMatches(op('a', { description: 'tides' }), 'tides')).toBe(false);
  });
});

describe('toolOfOp', () => {
  it("keeps the op's name and description", () => {
    expect(toolOfOp(op('get_weather'))).toEqual({ name: 'get_weather', description: 'Does get_weather' });
  });
  it("says 'No description provided' when the op has none", () => {
    expect(toolOfOp(op('x', { description: '  ' }))).toEqual({
      name: 'x',
      description: 'No description provided',
    });
  });
});

describe('toggleTool', () => {
  it('adds an unticked op and removes a ticked one', () => {
    const added = toggleTool([], op('a'));
    expect(added).toEqual([{ name: 'a', description: 'Does a' }]);
    expect(toggleTool(added, op('a'))).toEqual([]);
  });
  it('adds nothing past the limit', () => {
    const full: AssistantTool[] = Array.from({ length: assistantLimits.tools }, (_, i) => ({
      name: `t${i}`,
      description: 'd',
    }));
    expect(canAddTool(full)).toBe(false);
    expect(toggleTool(full, op('one_more'))).toEqual(full);
    expect(toggleTool(full, op('t0'))).toHaveLength(assistantLimits.tools - 1);
  });
});

describe('checklistRows', () => {
  it('lists the matching ops by name, ticked when the assistant has them', () => {
    const rows = checklistRows(
      [op('b', { tags: ['x'] }), op('a'), op('c', { tags: ['x'] })],
      [{ name: 'c', description: 'd' }],
      'X',
    );
    expect(rows.map((r) => [r.op.name, r.checked])).toEqual([
      ['b', false],
      ['c', true],
    ]);
  });
  it("shows the user's own op instead of a system op of the same name", () => {
    const rows = checklistRows([op('a'), op('a', { system_op: false, description: 'mine' })], [], '');
    expect(rows.map((r) => [r.op.description, r.op.system_op])).toEqual([['mine', false]]);
  });
});

describe('unavailableTools', () => {
  it('names the tools whose op is gone', () => {
    const tools = [
      { name: 'a', description: 'd' },
      { name: 'gone', description: 'd' },
    ];
    expect(unavailableTools([op('a')], tools)).toEqual([{ name: 'gone', description: 'd' }]);
  });
});
