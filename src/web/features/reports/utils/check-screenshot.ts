import { IMAGE_SNIFF_BYTES, REPORT_MESSAGES, SCREENSHOT_MAX_BYTES, sniffImageType } from '@shared/report';

/**
 * What is wrong with a chosen screenshot before a byte is sent, or undefined. The type is read
 * from the file's first bytes, as the server does, so a renamed file gets the same answer here.
 */
export async function checkScreenshot(file: File): Promise<string | undefined> {
  if (file.size > SCREENSHOT_MAX_BYTES) return REPORT_MESSAGES.screenshotTooLarge;
  const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  return sniffImageType(head) ? undefined : REPORT_MESSAGES.screenshotType;
}
