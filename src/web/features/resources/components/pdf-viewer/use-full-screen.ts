import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/** What the viewer needs of its full-screen reading mode. */
export interface FullScreen {
  on: boolean;
  /** True while the browser's own full screen (the Fullscreen API) holds the viewer. */
  native: boolean;
  toggle: () => void;
  /** Escape leaves the mode, not the preview dialog around the viewer. */
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * Full-screen reading (issue 34): the viewer alone on the screen, through the Fullscreen API
 * where the browser has it; elsewhere (iPhone Safari) the viewer is laid over the whole viewport
 * by the caller's styles. Escape leaves it either way; Back too where the browser's full screen is
 * used (the browser's own gesture); without it Back closes the preview, and the mode with it.
 */
export function useFullScreen(ref: RefObject<HTMLElement | null>): FullScreen {
  const [on, setOn] = useState(false);
  const [native, setNative] = useState(false);
  // The browser's full screen may end without us (its own Escape, Back): follow it.
  const nativeRef = useRef(false);
  nativeRef.current = native;

  useEffect(() => {
    const follow = () => {
      if (nativeRef.current && document.fullscreenElement !== ref.current) {
        setNative(false);
        setOn(false);
      }
    };
    document.addEventListener('fullscreenchange', follow);
    return () => {
      document.removeEventListener('fullscreenchange', follow);
      // A preview closed while full screen gives the screen back.
      if (nativeRef.current && document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    };
  }, [ref]);

  const leave = useCallback(() => {
    if (nativeRef.current && document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    setNative(false);
    setOn(false);
  }, []);

  const toggle = useCallback(() => {
    if (on) return leave();
    const element = ref.current;
    setOn(true);
    if (!element || !document.fullscreenEnabled || typeof element.requestFullscreen !== 'function') return;
    element.requestFullscreen().then(
      () => setNative(true),
      // Refused (no user gesture, a policy): the viewer stays laid over the viewport.
      () => setNative(false),
    );
  }, [on, leave, ref]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !on || event.defaultPrevented) return;
      event.preventDefault();
      event.stopPropagation();
      leave();
    },
    [on, leave],
  );

  return { on, native, toggle, onKeyDown };
}
