import { describe, expect, it } from 'vitest';
import { documentMessages, fileLimits } from '@app/contracts';
import { binaryType, checkUpload } from './upload-rules';

const file = (name: string, type = 'text/plain', size = 10) => ({ name, type, size });

describe('upload rules (second spec, section 5)', () => {
  it('given no extension, then the type is not supported', () => {
    expect(checkUpload(file('Makefile'))).toEqual({ ok: false, message: documentMessages.typeNotSupported });
  });

  it('given xls or xlsm, then it asks for xlsx', () => {
    for (const name of ['a.xls', 'b.XLSM'])
      expect(checkUpload(file(name))).toEqual({ ok: false, message: documentMessages.saveAsXlsx });
  });

  it('given ppt or potx, then it asks for pptx', () => {
    for (const name of ['a.ppt', 'b.potx'])
      expect(checkUpload(file(name))).toEqual({ ok: false, message: documentMessages.saveAsPptx });
  });

  it('given a disallowed extension, or one outside the allowed list, then the type is not supported', () => {
    expect(checkUpload(file('setup.exe'))).toEqual({ ok: false, message: documentMessages.typeNotSupported });
    expect(checkUpload(file('a.txt'), ['pdf', 'PPTX'])).toEqual({
      ok: false,
      message: documentMessages.typeNotSupported,
    });
    expect(checkUpload(file('a.pptx', ''), ['pdf', 'PPTX'])).toEqual({ ok: true, type: '' });
  });

  it('checks the xls rule before the allowed list', () => {
    expect(checkUpload(file('a.xls'), ['pdf'])).toEqual({ ok: false, message: documentMessages.saveAsXlsx });
  });

  it('given ts, tsx or ps1 with no type, then it is sent as binary; with a type, that type', () => {
    for (const name of ['a.ts', 'b.tsx', 'c.ps1'])
      expect(checkUpload(file(name, ''))).toEqual({ ok: true, type: binaryType });
    expect(checkUpload(file('a.ts', 'video/mp2t'))).toEqual({ ok: true, type: 'video/mp2t' });
    expect(checkUpload(file('a.md', ''))).toEqual({ ok: true, type: '' });
  });

  it('given a file past the size limit, then it is refused before anything is sent', () => {
    expect(checkUpload(file('big.pdf', 'application/pdf', fileLimits.maxBytes + 1))).toEqual({
      ok: false,
      message: documentMessages.tooLarge(50),
    });
  });
});
