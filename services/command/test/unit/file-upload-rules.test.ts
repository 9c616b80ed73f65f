import { describe, expect, it } from 'vitest';
import { documentMessages, fileLimits } from '@app/contracts';
import { extensionOf, fileKeyFor, ownerSegment } from '../../src/files/file-keys';
import { uploadContentType, uploadRefusal } from '../../src/files/upload-rules';

describe('upload rules (second spec, section 5)', () => {
  it.each([
    ['README', documentMessages.typeNotSupported],
    ['archive.', documentMessages.typeNotSupported],
    ['.env', documentMessages.typeNotSupported],
    ['Sheet.XLS', documentMessages.saveAsXlsx],
    ['macro.xlsm', documentMessages.saveAsXlsx],
    ['deck.ppt', documentMessages.saveAsPptx],
    ['template.potx', documentMessages.saveAsPptx],
    ['setup.exe', documentMessages.typeNotSupported],
  ])('%s is refused', (name, message) => {
    expect(uploadRefusal({ name })).toBe(message);
  });

  it('documents are accepted; a size past the limit is refused', () => {
    for (const name of ['a.pdf', 'b.docx', 'c.xlsx', 'd.pptx', 'e.txt', 'f.ts'])
      expect(uploadRefusal({ name })).toBeNull();
    expect(uploadRefusal({ name: 'a.pdf', size: fileLimits.maxBytes })).toBeNull();
    expect(uploadRefusal({ name: 'a.pdf', size: fileLimits.maxBytes + 1 })).toBe(
      documentMessages.tooLarge(50),
    );
  });

  it('a file with no type is PUT as binary', () => {
    expect(uploadContentType('')).toBe('application/octet-stream');
    expect(uploadContentType('application/pdf')).toBe('application/pdf');
  });
});

describe('file keys', () => {
  it('are <owner segment>/<uuid>.<ext>, never the email itself', () => {
    const key = fileKeyFor('Ann@Example.com', 'My Report.PDF');
    expect(key).toMatch(/^[0-9a-f]{16}\/[0-9a-f-]{36}\.pdf$/);
    expect(key.startsWith(`${ownerSegment('ann@example.com')}/`)).toBe(true);
    expect(fileKeyFor('ann@example.com', 'x.pdf')).not.toBe(fileKeyFor('ann@example.com', 'x.pdf'));
  });

  it('keep only a plain extension', () => {
    expect(extensionOf('dir/notes.tar.gz')).toBe('gz');
    expect(fileKeyFor('a@b.c', 'weird.p$f')).toMatch(/^[0-9a-f]{16}\/[0-9a-f-]{36}$/);
    expect(fileKeyFor('a@b.c', 'README')).toMatch(/^[0-9a-f]{16}\/[0-9a-f-]{36}$/);
  });
});
