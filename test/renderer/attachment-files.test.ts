import { describe, expect, it } from 'vitest';
import { attachmentProblem, attachmentType, fileRefusal, fileSizeText } from '../../renderer/lib/attachment-files';

describe('a receipt picked or dropped', () => {
  it('takes the types the engine takes, by type or, when the system gives none, by name', () => {
    expect(attachmentType('scan.pdf', 'application/pdf')).toBe('application/pdf');
    expect(attachmentType('photo.JPG', '')).toBe('image/jpeg');
    expect(attachmentType('photo.jpg', 'image/jpg')).toBe('image/jpeg');
    expect(attachmentType('lines.csv', 'application/vnd.ms-excel')).toBe('text/csv');
    expect(attachmentType('setup.exe', 'application/x-msdownload')).toBeNull();
  });

  it('says what is wrong with a file before anything is sent', () => {
    expect(attachmentProblem({ name: 'a.docx', type: 'application/msword', size: 10 })).toMatch(/^a\.docx cannot be attached/);
    expect(attachmentProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('a.pdf is empty.');
    expect(attachmentProblem({ name: 'a.pdf', type: 'application/pdf', size: 5 * 1024 * 1024 })).toBeNull();
    expect(attachmentProblem({ name: 'a.pdf', type: 'application/pdf', size: 5 * 1024 * 1024 + 1 })).toBe('a.pdf is 5.0 MB; a file can be at most 5 MB.');
    expect(fileSizeText(70)).toBe('70 bytes');
    expect(fileSizeText(2048)).toBe('2 KB');
  });

  it('turns the engine’s refusal into a sentence about the file', () => {
    expect(fileRefusal('p.png', 'attachment content_type is image/png but the file is not of that type')).toBe(
      'p.png is not really a PNG image: its contents are something else, whatever its name says.',
    );
    expect(fileRefusal('p.png', 'attachment content_type is image/png but the file is application/pdf')).toBe('p.png is really a PDF, not a PNG image: rename it and drop it again.');
    expect(fileRefusal('p.png', 'The books are locked up to 2026-09-30')).toBe('p.png: The books are locked up to 2026-09-30.');
  });
});
