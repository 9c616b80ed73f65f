import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobKeyProblem, blobPathsOf, UnsafeBlobKeyError } from '../../../src/blobs/blob-key';
import { attachmentDisposition } from '../../../src/blobs/content-disposition';

const root = '/srv/data/blobs';

describe('blob keys', () => {
  it('Given a key the server chose, When it is mapped, Then it lands under objects/ by its hash', () => {
    const paths = blobPathsOf(root, 'ada@example.com/0b5c7b1e-2d.pdf');
    expect(paths.data.startsWith(join(root, 'objects') + '/')).toBe(true);
    expect(paths.data).toMatch(/\/objects\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
    expect(paths.sidecar).toBe(`${paths.data}.json`);
  });

  it('Given keys that would escape the root or are not plain names, When they are mapped, Then they are refused', () => {
    for (const key of [
      '',
      '../etc/passwd',
      'a/../../b',
      'a/./b',
      '/etc/passwd',
      'C:/windows',
      'a\\..\\b',
      'a\u0000b',
      'a//b',
      'a/',
      'x'.repeat(1025),
    ]) {
      expect(blobKeyProblem(key), key).not.toBeNull();
      expect(() => blobPathsOf(root, key)).toThrow(UnsafeBlobKeyError);
    }
  });

  it('Given two different keys, When they are mapped, Then they name different files', () => {
    expect(blobPathsOf(root, 'a/b.txt').data).not.toBe(blobPathsOf(root, 'a/c.txt').data);
  });
});

describe('attachment names', () => {
  it('Given a plain name, When it is sent, Then both forms carry it', () => {
    expect(attachmentDisposition('report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
  });

  it('Given a name with quotes, a path, line breaks or non-ASCII, When it is sent, Then the header stays one safe value', () => {
    const header = attachmentDisposition('../x/"ev\r\nil" résumé.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(/^attachment; filename="[^"\\]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
    expect(header).toContain("filename*=UTF-8''%22evil%22%20r%C3%A9sum%C3%A9.pdf");
    expect(attachmentDisposition('..')).toContain('filename="download"');
    expect(attachmentDisposition('C:\\Users\\ada\\notes.txt')).toContain('filename="notes.txt"');
  });
});
