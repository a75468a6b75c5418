import type { ScreenshotType } from '../../../shared/report.js';

export interface Dimensions {
  width: number;
  height: number;
}

/**
 * The width and height an image's header declares, read without decoding it, so a small file
 * that would inflate to gigabytes of pixels is refused before any decoder sees it. Undefined when
 * the header is not where its format puts it (the decoder would refuse the file anyway).
 */
export function declaredDimensions(type: ScreenshotType, bytes: Buffer): Dimensions | undefined {
  if (type === 'image/png') return png(bytes);
  if (type === 'image/jpeg') return jpeg(bytes);
  return webp(bytes);
}

/** IHDR is the first chunk: width and height as 32-bit big-endian numbers. */
function png(bytes: Buffer): Dimensions | undefined {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The first start-of-frame marker (SOF0-SOF15 but DHT, JPG and DAC) holds height, then width. */
function jpeg(bytes: Buffer): Dimensions | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** RIFF....WEBP, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk. */
function webp(bytes: Buffer): Dimensions | undefined {
  if (bytes.length < 30) return undefined;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  return undefined;
}
