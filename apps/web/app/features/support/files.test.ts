// @vitest-environment node
// (Node's own Blob and File: jsdom's have no arrayBuffer().)
import { describe, expect, it } from 'vitest';
import { makeTranslate } from '~/shared/i18n';
import { checkFiles, formatSize, sniffFile } from './files';

const t = makeTranslate({
  'tickets.too_many_files': 'too many',
  'tickets.file_too_large': 'large {name}',
  'tickets.file_bad_type': 'type {name}',
  'ticket.size_kb': '{n} KB',
  'ticket.size_mb': '{n} MB',
});
const file = (bytes: number[], name: string, size = bytes.length) =>
  new File([new Uint8Array(bytes), new Uint8Array(Math.max(0, size - bytes.length))], name);
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0];
const PDF = [...'%PDF-1.7\n'].map((c) => c.charCodeAt(0));

describe('ticket attachments checked in the page', () => {
  it('reads the type from the first bytes, not the name', async () => {
    expect(await sniffFile(file(PNG, 'a.pdf'))).toBe('png');
    expect(await sniffFile(file(JPEG, 'a.txt'))).toBe('jpeg');
    expect(await sniffFile(file(PDF, 'scan'))).toBe('pdf');
    expect(await sniffFile(file([0x4d, 0x5a, 0x90, 0], 'invoice.pdf'))).toBeNull();
    expect(
      await sniffFile(
        file(
          [...'<svg'].map((c) => c.charCodeAt(0)),
          'x.png',
        ),
      ),
    ).toBeNull();
  });

  it('keeps at most three files of 2 MB, naming each one refused', async () => {
    const ok = [file(PNG, 'a.png'), file(JPEG, 'b.jpg')];
    const res = await checkFiles(
      ok,
      [file(PDF, 'big.pdf', 2 * 1024 * 1024 + 1), file([1, 2, 3], 'x.exe'), file(PDF, 'c.pdf'), file(PNG, 'd.png')],
      t,
    );
    expect(res.files.map((f) => f.name)).toEqual(['a.png', 'b.jpg', 'c.pdf']);
    expect(res.errors).toEqual(['large big.pdf', 'type x.exe', 'too many']);
  });

  it('says sizes in KB and MB', () => {
    expect(formatSize(300, t)).toBe('1 KB');
    expect(formatSize(850 * 1024, t)).toBe('850 KB');
    expect(formatSize(1.5 * 1024 * 1024, t)).toBe('1.5 MB');
  });
});
