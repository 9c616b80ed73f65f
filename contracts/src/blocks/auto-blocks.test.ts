import { describe, expect, it } from 'vitest';
import { artifactIdFor, isArtifactId, newArtifactId } from './artifact-id';
import { parseAutoArtifactsBlock } from './auto-artifacts-block';
import { parseAutoBlock } from './auto-block';
import { isBlockLanguage, parseBlock } from './index';

const json = (v: unknown) => JSON.stringify(v);
const digits = (...ds: number[]) => {
  let i = 0;
  return () => ds[i++ % ds.length] ?? 0;
};

describe('the auto block', () => {
  it('reads ops with their parameters', () => {
    expect(
      parseAutoBlock(json({ ops: [{ name: 'listModels' }, { name: 'getTicket', params: { id: 7 } }] })),
    ).toEqual({
      ok: true,
      value: {
        ops: [
          { name: 'listModels', params: {} },
          { name: 'getTicket', params: { id: 7 } },
        ],
      },
    });
  });

  it('refuses no ops, too many, bad names and unknown fields', () => {
    expect(parseAutoBlock(json({ ops: [] }))).toEqual({
      ok: false,
      error: 'The auto block is not valid: ops must name at least one op.',
    });
    const six = Array.from({ length: 6 }, () => ({ name: 'a' }));
    expect(parseAutoBlock(json({ ops: six })).ok).toBe(false);
    expect(parseAutoBlock(json({ ops: [{ name: 'rm -rf' }] }))).toEqual({
      ok: false,
      error:
        'The auto block is not valid: ops[0].name must be an op name (letters, digits, underscores and hyphens).',
    });
    expect(parseAutoBlock(json({ ops: [{ name: 'a', url: 'http://x' }] }))).toEqual({
      ok: false,
      error: "The auto block is not valid: ops[0] has unknown field 'url'.",
    });
    expect(parseAutoBlock('ops: a').ok).toBe(false);
  });
});

describe('the autoArtifacts block', () => {
  const block = {
    instructions: 'A Python sample.',
    includeArtifactsId: [],
    id: '',
    name: 'Chat sample',
    description: 'Calls chat.',
    type: 'code',
  };

  it('reads a new artifact and a revision', () => {
    expect(parseAutoArtifactsBlock(json(block))).toEqual({ ok: true, value: block });
    const revision = { ...block, id: 'Chat_sample-1234567', includeArtifactsId: ['Notes-0000001'] };
    expect(parseAutoArtifactsBlock(json(revision))).toEqual({ ok: true, value: revision });
  });

  it('refuses missing fields, an unknown type and ids of another shape', () => {
    const { type: _, ...noType } = block;
    expect(parseAutoArtifactsBlock(json(noType))).toEqual({
      ok: false,
      error: 'The autoArtifacts block is not valid: type is missing.',
    });
    expect(parseAutoArtifactsBlock(json({ ...block, type: 'exe' }))).toEqual({
      ok: false,
      error:
        'The autoArtifacts block is not valid: type must be one of text, markdown, code, html, json, csv, svg.',
    });
    expect(parseAutoArtifactsBlock(json({ ...block, id: 'chat sample' })).ok).toBe(false);
    expect(parseAutoArtifactsBlock(json({ ...block, includeArtifactsId: ['x'] })).ok).toBe(false);
  });
});

describe('artifact ids', () => {
  it('a new one is the name with underscores, a hyphen and seven digits', () => {
    expect(newArtifactId(' Chat  API sample ', digits(1, 2, 3, 4, 5, 6, 7))).toBe('Chat_API_sample-1234567');
    expect(isArtifactId('Chat_API_sample-1234567')).toBe(true);
    expect(isArtifactId('Chat_API_sample-123456')).toBe(false);
  });

  it('a revision reuses the exact id; an unknown id is refused; a new id never collides', () => {
    const existing = new Set(['Notes-1111111']);
    expect(artifactIdFor('Notes-1111111', 'Other name', existing, digits(9))).toEqual({
      ok: true,
      id: 'Notes-1111111',
      revision: true,
    });
    expect(artifactIdFor('Notes-2222222', 'Notes', existing, digits(9))).toEqual({
      ok: false,
      missingId: 'Notes-2222222',
    });
    expect(artifactIdFor('', 'Notes', existing, digits(1, 1, 1, 1, 1, 1, 1, 3))).toEqual({
      ok: true,
      id: 'Notes-3111111',
      revision: false,
    });
  });
});

describe('the block languages', () => {
  it('are the five of the spec, whatever their case', () => {
    expect(['assistant', 'APIdoc', 'APIkey', 'auto', 'autoArtifacts'].every(isBlockLanguage)).toBe(true);
    expect(isBlockLanguage('json')).toBe(false);
    expect(parseBlock('apidoc', '').parse.ok).toBe(true);
  });
});
