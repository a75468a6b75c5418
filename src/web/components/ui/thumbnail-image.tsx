import { FileText } from 'lucide-react';
import { useState } from 'react';
import { cn } from './cn';

interface ThumbnailImageProps {
  /** The image's address; null (not made yet) or a failed load shows the neutral placeholder. */
  src: string | null | undefined;
  alt: string;
  /** Box size in CSS pixels: fixed, so nothing around it moves while the image arrives. */
  width: number;
  height: number;
  className?: string;
}

/**
 * A document page preview in a box of fixed size: loaded lazily and decoded off the main
 * thread, cropped from the top (the title of a page is what tells two papers apart), and a
 * neutral page icon while there is no image.
 */
export function ThumbnailImage({ src, alt, width, height, className }: ThumbnailImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <div
      style={{ width, height }}
      className={cn('relative shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100', className)}
    >
      {showImage ? (
        <img
          src={src!}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src!)}
          className="size-full bg-white object-cover object-top"
        />
      ) : (
        <div aria-hidden="true" className="flex size-full items-center justify-center text-slate-400">
          <FileText className="size-7" strokeWidth={1.5} />
        </div>
      )}
    </div>
  );
}
