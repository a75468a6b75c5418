/**
 * Runs `task` once the browser has nothing more urgent to do (after the page's own rendering and
 * input), at the latest after `timeout` ms; returns a function that cancels it. For work nobody
 * waits for at start-up, kept out of the start-up's long tasks. Safari has no
 * requestIdleCallback: there a short timer stands in.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
