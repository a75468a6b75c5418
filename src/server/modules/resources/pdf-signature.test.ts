import { describe, expect, it } from 'vitest';
import { isPdfUpload, looksLikePdf } from './pdf-signature.js';

describe('looksLikePdf', () => {
  it('finds the header anywhere in the first KB, or an object where there is no header', () => {
    expect(looksLikePdf(Buffer.from('%PDF-1.7\n1 0 obj'))).toBe(true);
    expect(looksLikePdf(Buffer.from('Some junk before the header\n\n%PDF-1.1\n'))).toBe(true);
    expect(looksLikePdf(Buffer.from('%\xe2\xe3\xcf\xd3\n1 0 obj \n<<\n/Pages 2 0 R', 'latin1'))).toBe(true);
  });

  it('refuses HTML, images, archives and plain text, and a header past the first KB', () => {
    expect(looksLikePdf(Buffer.from('<!doctype html><html><body>PDF</body></html>'))).toBe(false);
    expect(looksLikePdf(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBe(false);
    expect(looksLikePdf(Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(100)]))).toBe(false);
    expect(looksLikePdf(Buffer.from('Question 1 (10 marks): explain 2 0 objects.'))).toBe(false);
    expect(looksLikePdf(Buffer.concat([Buffer.alloc(1024, 0x20), Buffer.from('%PDF-1.4')]))).toBe(false);
  });
});

describe('isPdfUpload (issue 32, finding 5)', () => {
  it('takes a header anywhere in the first KB, junk before it included', () => {
    expect(isPdfUpload(Buffer.from('%PDF-1.7\n1 0 obj'))).toBe(true);
    expect(isPdfUpload(Buffer.from('Some junk before the header\n\n%PDF-1.1\n'))).toBe(true);
    expect(isPdfUpload(Buffer.concat([Buffer.from('00ff10feab', 'hex'), Buffer.from('%PDF-1.4\n')]))).toBe(true);
  });

  it('refuses a file without a header, even one pdf.js would repair, and a header past the first KB', () => {
    expect(isPdfUpload(Buffer.from('%\xe2\xe3\xcf\xd3\n1 0 obj \n<<\n/Pages 2 0 R', 'latin1'))).toBe(false);
    expect(isPdfUpload(Buffer.concat([Buffer.alloc(1024, 0x20), Buffer.from('%PDF-1.4')]))).toBe(false);
  });

  it('refuses HTML, XML, SVG and scripts that carry a header inside', () => {
    for (const start of ['<!DOCTYPE html>', '<html>', '  \n<script>', '<svg xmlns="http://www.w3.org/2000/svg">', '<?xml version="1.0"?>', '\xef\xbb\xbf<p>', '<a href=x>', '#!/bin/sh\n']) {
      expect(isPdfUpload(Buffer.from(`${start}%PDF-1.4\n1 0 obj`, 'latin1')), start).toBe(false);
    }
  });
});
