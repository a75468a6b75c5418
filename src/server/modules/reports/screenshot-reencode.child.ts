/**
 * Runs in a child process of its own (ScreenshotReencoder): decodes the image on stdin with
 * @napi-rs/canvas and writes it re-encoded to stdout. The decoder crashes its process on some
 * malformed files, so it never runs inside the server; only pixels it could draw come back.
 * argv[2]: the format to write (png, jpeg or webp).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';

const FORMATS = { png: 'png', jpeg: 'jpeg', webp: 'webp' } as const;
const QUALITY = 90;

async function main(): Promise<void> {
  const format = FORMATS[process.argv[2] as keyof typeof FORMATS];
  if (!format) throw new Error(`unknown format ${process.argv[2]}`);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const image = await loadImage(Buffer.concat(chunks));
  if (!image.width || !image.height) throw new Error('no pixels');
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const bytes = format === 'png' ? await canvas.encode('png') : await canvas.encode(format, QUALITY);
  process.stdout.write(bytes, () => process.exit(0));
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
});
