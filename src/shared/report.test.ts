import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, reportFieldErrors, reportListQuerySchema, sniffImageType } from './report.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffImageType', () => {
  it('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses SVG, GIF, PDF, a RIFF that is not WebP, and cut-off signatures', () => {
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'GIF89a', '%PDF-1.7', 'RIFF\0\0\0\0WAVEfmt ', '']) {
      expect(sniffImageType(new TextEncoder().encode(text))).toBeUndefined();
    }
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeUndefined();
  });
});

describe('reportFieldErrors', () => {
  const valid = { issueType: 'bug', title: 'A title', description: 'What happened', email: 'a@b.org' };

  it('accepts a valid report, trims text and defaults the priority to medium', () => {
    expect(reportFieldErrors({ ...valid, title: '  A title  ' }).fields).toEqual({ ...valid, priority: 'medium' });
  });

  it('names every missing field with its own message', () => {
    expect(reportFieldErrors({ issueType: '', title: ' ', description: '', priority: 'medium', email: '' }).errors).toEqual({
      issueType: REPORT_MESSAGES.issueType,
      title: REPORT_MESSAGES.title,
      description: REPORT_MESSAGES.description,
      email: REPORT_MESSAGES.email,
    });
    expect(reportFieldErrors({ ...valid, email: 'nope' }).errors).toEqual({ email: REPORT_MESSAGES.emailInvalid });
  });
});

describe('reportListQuerySchema', () => {
  it('reads empty and "all" as no filter', () => {
    expect(reportListQuerySchema.parse({ status: 'all', issueType: '', priority: 'high' })).toEqual({ priority: 'high', page: 1 });
  });
});
