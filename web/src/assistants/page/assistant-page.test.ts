import { describe, expect, it } from 'vitest';
import { assistantPathOfLocation } from './assistant-page';

describe('the page at /assistants/{path}', () => {
  it('names the path, lower-cased', () => {
    expect(assistantPathOfLocation('/assistants/Team/Helper')).toBe('team/helper');
    expect(assistantPathOfLocation('/Assistants/helper/')).toBe('helper');
    expect(assistantPathOfLocation('/assistants/my%20path')).toBe('my path');
    expect(assistantPathOfLocation('/assistants/%E0%A4%A')).toBe('%e0%a4%a');
  });

  it('is not an assistant page otherwise', () => {
    expect(assistantPathOfLocation('/')).toBeNull();
    expect(assistantPathOfLocation('/assistants/')).toBeNull();
    expect(assistantPathOfLocation('/assistant/list')).toBeNull();
  });
});
