import { describe, expect, it } from 'vitest';
import { artifactRequest, artifactSystemPrompt, unfenced } from './generate-artifact';

describe('writing an artifact with the chat model', () => {
  it('asks with the instructions, the content to revise and the artifacts it builds on', () => {
    const request = artifactRequest(
      'm1',
      { name: 'Sample', description: '', type: 'code', instructions: 'Print hello.', content: 'print(1)' },
      [{ id: 'Notes-1234567', name: 'Notes', content: 'Use Python 3.' }],
      'artifact-1',
    );
    expect(request.model).toBe('m1');
    expect(request.messages).toEqual([
      { role: 'system', content: artifactSystemPrompt },
      {
        role: 'user',
        content:
          'Artifact: Sample (type: code)\n\nInstructions: Print hello.\n\nThe current content, to revise:\nprint(1)\n\n' +
          'Artifact Notes-1234567 (Notes) to build on:\nUse Python 3.',
      },
    ]);
    expect(request.options?.requestId).toBe('artifact-1');
  });

  it('drops a code fence the model wrote around the whole answer, and only that', () => {
    expect(unfenced('```python\nprint(1)\n```')).toBe('print(1)');
    expect(unfenced('print(1)')).toBe('print(1)');
    expect(unfenced('Text\n```js\nx\n```')).toBe('Text\n```js\nx\n```');
  });
});
