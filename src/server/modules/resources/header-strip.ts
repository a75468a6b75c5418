import { HEADER_IMAGE_MAX_BYTES, HEADER_IMAGE_MAX_SIDE, HEADER_IMAGE_PREFIX, UPLOAD_GUESS_MESSAGES } from '../../../shared/upload-guess.js';
import { badRequest } from '../../http/http-error.js';
import { declaredDimensions } from '../reports/image-dimensions.js';

/** A scan's header strip as sent with a guess request, checked before any decoder sees it. */
export interface HeaderStrip {
  bytes: Buffer;
  /** Its resolution if the strip spans an A4 page's width (Tesseract sizes its filters by it). */
  dpi: number;
}

const A4_WIDTH_INCHES = 8.27;
const TYPES = { 'image/jpeg': [0xff, 0xd8, 0xff], 'image/png': [0x89, 0x50, 0x4e, 0x47] } as const;
const field = 'headerImage';

/**
 * The strip in a data URL (the schema checked its length): a JPEG or PNG by its prefix and bytes,
 * at most HEADER_IMAGE_MAX_BYTES and HEADER_IMAGE_MAX_SIDE px a side by its header, so a small
 * file that would inflate to a huge bitmap never reaches OCR. Refused with a 400 otherwise.
 */
export function headerStrip(dataUrl: string): HeaderStrip {
  const prefix = HEADER_IMAGE_PREFIX.exec(dataUrl);
  const type = prefix?.[1] as keyof typeof TYPES | undefined;
  const bytes = Buffer.from(dataUrl.slice(prefix?.[0].length ?? 0), 'base64');
  const magic = type && TYPES[type];
  if (!magic || !magic.every((byte, i) => bytes[i] === byte)) throw badRequest(UPLOAD_GUESS_MESSAGES.headerNotImage, { code: 'NOT_AN_IMAGE', field });
  const size = declaredDimensions(type, bytes);
  if (!size || !size.width || !size.height) throw badRequest(UPLOAD_GUESS_MESSAGES.headerNotImage, { code: 'NOT_AN_IMAGE', field });
  if (bytes.length > HEADER_IMAGE_MAX_BYTES || Math.max(size.width, size.height) > HEADER_IMAGE_MAX_SIDE) {
    throw badRequest(UPLOAD_GUESS_MESSAGES.headerTooLarge, { code: 'HEADER_TOO_LARGE', field });
  }
  return { bytes, dpi: Math.round(Math.min(300, Math.max(70, size.width / A4_WIDTH_INCHES))) };
}
