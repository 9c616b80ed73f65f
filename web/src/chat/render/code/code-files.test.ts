import { describe, expect, it } from 'vitest';
import { renderMessages } from '@app/contracts';
import { defaultFileName, extensionOf, fileNameProblem } from './code-files';

describe('language → file extension', () => {
  it('maps languages and their aliases, in any case', () => {
    expect(extensionOf('python')).toBe('py');
    expect(extensionOf('Py')).toBe('py');
    expect(extensionOf('typescript')).toBe('ts');
    expect(extensionOf('bash')).toBe('sh');
    expect(extensionOf('c++')).toBe('cpp');
    expect(extensionOf('yml')).toBe('yaml');
  });

  it('falls back to txt', () => {
    expect(extensionOf('')).toBe('txt');
    expect(extensionOf('brainfuck')).toBe('txt');
    expect(extensionOf('constructor')).toBe('txt');
  });

  it('offers code.<ext>, and Dockerfile as it is', () => {
    expect(defaultFileName('javascript')).toBe('code.js');
    expect(defaultFileName('')).toBe('code.txt');
    expect(defaultFileName('dockerfile')).toBe('Dockerfile');
  });
});

describe('fileNameProblem', () => {
  it('accepts plain names', () => {
    expect(fileNameProblem('report.py')).toBeNull();
    expect(fileNameProblem('  spaced name.txt ')).toBeNull();
  });

  it('asks for a name when there is none', () => {
    expect(fileNameProblem('   ')).toBe(renderMessages.fileNameRequired);
    expect(fileNameProblem('..')).toBe(renderMessages.fileNameRequired);
  });

  it('refuses separators, control characters and overlong names', () => {
    expect(fileNameProblem('../etc/passwd')).toBe(renderMessages.fileNameInvalid);
    expect(fileNameProblem('a\\b')).toBe(renderMessages.fileNameInvalid);
    expect(fileNameProblem('a\u0000b')).toBe(renderMessages.fileNameInvalid);
    expect(fileNameProblem('a'.repeat(256))).toBe(renderMessages.fileNameInvalid);
  });
});
