import { describe, expect, it } from 'vitest';
import { normalizedOp, OpInput, opsMessages, OpsRegisterRequest, parseOpTags } from './index';

describe('ops contracts', () => {
  it('tags come from a comma-separated list, trimmed, empty ones dropped', () => {
    expect(parseOpTags(' weather , news,, ')).toEqual(['weather', 'news']);
  });

  it('GET and DELETE ops get the fixed default parameters; POST keeps its own', () => {
    const parameters = {
      properties: { city: { type: 'string' as const, description: 'City' } },
      required: ['city'],
    };
    const get = normalizedOp(
      OpInput.parse({ name: 'a', url: 'https://x.example/a', method: 'GET', tags: ['t'], parameters }),
    );
    expect(get.parameters).toEqual({ properties: {}, required: [] });
    const post = normalizedOp(
      OpInput.parse({ name: 'a', url: 'https://x.example/a', tags: ['t'], parameters }),
    );
    expect(post).toMatchObject({ id: 'a', method: 'POST', type: 'custom', parameters });
  });

  it('a register request missing a tag is refused with the spec message alone', () => {
    const result = OpsRegisterRequest.safeParse({
      ops: [{ name: 'a', url: 'https://x.example/a', tags: [' '] }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([opsMessages.missingFields]);
  });
});
