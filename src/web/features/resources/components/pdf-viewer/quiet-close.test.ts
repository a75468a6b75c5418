import { describe, expect, it } from 'vitest';
import { skipScrollWhileHidden, stopDrawingOnAbort, trackPageRequests } from './quiet-close';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('trackPageRequests', () => {
  it('lists the page requests not yet answered, and drops each once answered or failed', async () => {
    const answers = new Map<number, ReturnType<typeof deferred<string>>>();
    const pdf = {
      getPage(pageNumber: number) {
        const answer = deferred<string>();
        answers.set(pageNumber, answer);
        return answer.promise;
      },
    };
    const pending = trackPageRequests(pdf as never);
    expect(pending()).toEqual([]);

    const first = (pdf as { getPage: (n: number) => Promise<string> }).getPage(1);
    const second = (pdf as { getPage: (n: number) => Promise<string> }).getPage(2);
    expect(pending()).toEqual([first, second]);

    answers.get(1)!.resolve('page 1');
    await expect(first).resolves.toBe('page 1');
    expect(pending()).toEqual([second]);

    answers.get(2)!.reject(new Error('Transport destroyed'));
    await expect(second).rejects.toThrow('Transport destroyed');
    expect(pending()).toEqual([]);
  });
});

describe('stopDrawingOnAbort', () => {
  it('draws while open and nothing once aborted', () => {
    const drawn: string[] = [];
    const queue = {
      renderView(view: { id: string }) {
        drawn.push(view.id);
        return true;
      },
    };
    const abort = new AbortController();
    stopDrawingOnAbort({ renderingQueue: queue } as never, abort.signal);

    expect(queue.renderView({ id: 'page 1' })).toBe(true);
    abort.abort();
    expect(queue.renderView({ id: 'page 2' })).toBe(false);
    expect(drawn).toEqual(['page 1']);
  });
});

describe('skipScrollWhileHidden', () => {
  it('still changes the page of a hidden viewer, but without scrolling to it', () => {
    const calls: [number, boolean | undefined][] = [];
    const viewer = {
      _setCurrentPageNumber(pageNumber: number, reset?: boolean) {
        calls.push([pageNumber, reset]);
        return true;
      },
    };
    const container: { offsetParent: Element | null } = { offsetParent: {} as Element };
    skipScrollWhileHidden(viewer as never, container);
    viewer._setCurrentPageNumber(3, true);
    viewer._setCurrentPageNumber(4);
    container.offsetParent = null;
    viewer._setCurrentPageNumber(5, true);
    expect(calls).toEqual([
      [3, true],
      [4, false],
      [5, false],
    ]);
  });
});
