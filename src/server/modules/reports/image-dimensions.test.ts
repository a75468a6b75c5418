import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { declaredDimensions } from './image-dimensions.js';

describe('declaredDimensions', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('reads the width and height of a %s without decoding it', async (format) => {
    const canvas = createCanvas(321, 123);
    canvas.getContext('2d').fillRect(0, 0, 10, 10);
    const bytes = format === 'png' ? await canvas.encode('png') : await canvas.encode(format, 90);
    expect(declaredDimensions(`image/${format}`, bytes)).toEqual({ width: 321, height: 123 });
  });

  it('is undefined when the header is not where the format puts it', () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(declaredDimensions('image/png', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), html]))).toBeUndefined();
    expect(declaredDimensions('image/jpeg', Buffer.concat([Buffer.from('ffd8ffe00010', 'hex'), html]))).toBeUndefined();
    expect(declaredDimensions('image/webp', Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPHTML'), html]))).toBeUndefined();
  });
});
