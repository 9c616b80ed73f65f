import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentMessages, fileLimits } from '@app/contracts';
import {
  ArchiveRefused,
  checkArchive,
  isUnsafeEntryName,
  judgeEntries,
  ratioFloorBytes,
} from '../../../src/documents/archive-limits';
import { pptxEntries, withDeclaredSize, withRenamedEntry, zipOf } from '../../support/document-fixtures';

const entry = (name: string, uncompressedSize = 100, compressedSize = 50) => ({
  name,
  compressedSize,
  uncompressedSize,
});

afterEach(() => vi.restoreAllMocks());

describe('judgeEntries: the central directory judged before anything is unpacked', () => {
  it('accepts an ordinary document', () => {
    expect(judgeEntries([entry('[Content_Types].xml'), entry('word/document.xml', 5000, 900)])).toBeNull();
  });

  it('refuses more entries than the limit', () => {
    const many = Array.from({ length: fileLimits.archiveEntries + 1 }, (_, i) => entry(`e${i}.xml`, 1, 1));
    expect(judgeEntries(many)).toEqual({
      reason: 'archive-too-many-entries',
      message: documentMessages.archiveTooLarge,
    });
  });

  it('refuses a total declared size past the limit', () => {
    const half = fileLimits.archiveUncompressedBytes / 2 + 1;
    expect(judgeEntries([entry('a.xml', half, half), entry('b.xml', half, half)])).toMatchObject({
      reason: 'archive-too-large',
      message: documentMessages.archiveTooLarge,
    });
  });

  it('refuses an entry that expands more than the ratio allows (past the floor only)', () => {
    const big = ratioFloorBytes * 2;
    expect(judgeEntries([entry('bomb.xml', big, Math.floor(big / 1000))])).toMatchObject({
      reason: 'archive-ratio',
    });
    expect(judgeEntries([entry('small.xml', 100_000, 10)])).toBeNull();
  });

  it.each(['../evil.xml', 'a/../../evil.xml', '/etc/passwd', 'C:/x.xml', 'a\\b.xml'])(
    'refuses a name outside the archive: %s',
    (name) => {
      expect(isUnsafeEntryName(name)).toBe(true);
      expect(judgeEntries([entry(name)])).toEqual({
        reason: 'archive-unsafe-path',
        message: documentMessages.archiveUnsafe,
      });
    },
  );

  it('accepts dots that are not a parent reference', () => {
    expect(isUnsafeEntryName('ppt/..slides/x..xml')).toBe(false);
  });
});

describe('checkArchive: yauzl reads the central directory only', () => {
  it('lists the entries of a real archive without inflating any', async () => {
    const zip = await zipOf(pptxEntries([['Hello']]));
    const inflate = vi.spyOn(zlib, 'createInflateRaw');
    const r = await checkArchive(zip);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.archive.entries.map((e) => e.name)).toContain('ppt/slides/slide1.xml');
    expect(inflate).not.toHaveBeenCalled();
    expect((await r.archive.read('ppt/slides/slide1.xml')).toString()).toContain('Hello');
    expect(inflate).toHaveBeenCalled();
    r.archive.close();
  });

  it('refuses an archive declaring a huge entry, inflating nothing', async () => {
    const zip = withDeclaredSize(await zipOf(pptxEntries([['Hello']])), 'ppt/slides/slide1.xml', 0xfff0_0000);
    const inflate = vi.spyOn(zlib, 'createInflateRaw');
    expect(await checkArchive(zip)).toEqual({
      ok: false,
      refusal: { reason: 'archive-too-large', message: documentMessages.archiveTooLarge },
    });
    expect(inflate).not.toHaveBeenCalled();
  });

  it('refuses a path traversal from the central directory', async () => {
    const zip = withRenamedEntry(
      await zipOf([{ name: 'aa/evil.xml', data: 'x' }]),
      'aa/evil.xml',
      '../evil.xml',
    );
    expect(await checkArchive(zip)).toMatchObject({
      ok: false,
      refusal: { message: documentMessages.archiveUnsafe },
    });
  });

  it('refuses too many entries from the end record, before reading them', async () => {
    const zip = await zipOf(Array.from({ length: 12 }, (_, i) => ({ name: `e${i}.xml`, data: 'x' })));
    expect(
      await checkArchive(zip, { archiveEntries: 10, archiveUncompressedBytes: 1e9, archiveEntryRatio: 200 }),
    ).toMatchObject({ ok: false, refusal: { reason: 'archive-too-many-entries' } });
  });

  it('stops inflating an entry whose declared size lies, past what it declared', async () => {
    const honest = await zipOf([{ name: 'word/document.xml', data: 'a'.repeat(200_000) }]);
    const lying = withDeclaredSize(honest, 'word/document.xml', 1000);
    const r = await checkArchive(lying);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    await expect(r.archive.read('word/document.xml')).rejects.toBeInstanceOf(ArchiveRefused);
    await expect(r.archive.verifySizes()).rejects.toMatchObject({
      refusal: { message: documentMessages.archiveTooLarge },
    });
    r.archive.close();
  });

  it('answers damaged for bytes that are not a zip', async () => {
    expect(await checkArchive(Buffer.from('PK\u0003\u0004 not really'))).toMatchObject({
      ok: false,
      damaged: expect.any(String) as string,
    });
  });
});
