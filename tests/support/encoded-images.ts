import { randomFillSync } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';

/** A real, decodable image of the given format: a navy rectangle with an orange square in it. */
export async function encodedImage(format: 'jpeg' | 'webp' | 'png', width = 40, height = 30): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#1e3a8a';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#f97316';
  context.fillRect(4, 4, 10, 10);
  return format === 'png' ? canvas.encode('png') : canvas.encode(format, 90);
}

/** A PNG of random pixels: it stays about width x height x 3 bytes however it is encoded again. */
export async function noisyPng(width = 64, height = 64): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const pixels = context.createImageData(width, height);
  randomFillSync(pixels.data);
  for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = 255;
  context.putImageData(pixels, 0, 0);
  return canvas.encode('png');
}
