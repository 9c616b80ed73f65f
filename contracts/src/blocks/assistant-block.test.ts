import { describe, expect, it } from 'vitest';
import { parseApiDocBlock } from './apidoc-block';
import { parseAssistantBlock } from './assistant-block';

const json = (v: unknown) => JSON.stringify(v);

describe('the assistant block', () => {
  it('reads a complete draft', () => {
    const parsed = parseAssistantBlock(
      json({
        name: ' Trip Planner ',
        description: 'Plans trips.',
        instructions: 'You are...',
        disclaimer: 'Check prices.',
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        name: 'Trip Planner',
        description: 'Plans trips.',
        instructions: 'You are...',
        disclaimer: 'Check prices.',
      },
    });
  });

  it('takes description and disclaimer as empty when left out', () => {
    expect(parseAssistantBlock(json({ name: 'A', instructions: 'Do it.' }))).toEqual({
      ok: true,
      value: { name: 'A', description: '', instructions: 'Do it.', disclaimer: '' },
    });
  });

  it('refuses a draft without a name or instructions, naming both', () => {
    const parsed = parseAssistantBlock(json({ description: 'x', instructions: '  ' }));
    expect(parsed).toEqual({
      ok: false,
      error: 'The assistant block is not valid: name is missing; instructions must not be empty.',
    });
  });

  it('refuses unknown fields and wrong types', () => {
    expect(parseAssistantBlock(json({ name: 'A', instructions: 'B', tools: [] }))).toEqual({
      ok: false,
      error: "The assistant block is not valid: has unknown field 'tools'.",
    });
    expect(parseAssistantBlock(json({ name: 3, instructions: 'B' }))).toEqual({
      ok: false,
      error: 'The assistant block is not valid: name must be text.',
    });
  });

  it('refuses text that is not one JSON object', () => {
    const prose = parseAssistantBlock('Here it is: {"name": "A", "instructions": "B"}');
    expect(prose.ok).toBe(false);
    expect(!prose.ok && prose.error).toMatch(
      /^The assistant block is not valid JSON \(.+\)\. It must hold one JSON object and nothing else\.$/,
    );
    const trailing = parseAssistantBlock('{"name": "A", "instructions": "B"} and more');
    expect(trailing.ok).toBe(false);
    expect(parseAssistantBlock('[{"name": "A"}]')).toEqual({
      ok: false,
      error: 'The assistant block must hold one JSON object, not a list or a single value.',
    });
    expect(parseAssistantBlock('  \n')).toEqual({
      ok: false,
      error: 'The assistant block is empty: it must hold one JSON object.',
    });
  });

  it('refuses a name past its bound', () => {
    const parsed = parseAssistantBlock(json({ name: 'n'.repeat(201), instructions: 'B' }));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain('name ');
  });
});

describe('the APIdoc block', () => {
  it('is empty, or only blank', () => {
    expect(parseApiDocBlock('')).toEqual({ ok: true, value: null });
    expect(parseApiDocBlock(' \n ')).toEqual({ ok: true, value: null });
  });

  it('refuses anything inside it', () => {
    expect(parseApiDocBlock('{"show": true}')).toEqual({
      ok: false,
      error: 'The APIdoc block must be left empty: anything written inside it is an error.',
    });
  });
});
