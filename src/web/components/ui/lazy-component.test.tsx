import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** The HTML once every lazy part has arrived. */
async function settledHtml(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('lazyComponent', () => {
  it('shows its fallback until the code is there, then the component with its props', async () => {
    const LazyGreeting = lazyComponent(async () => ({ Greeting }), (m) => m.Greeting, <span>Loading...</span>);
    expect(renderToString(<LazyGreeting name="Asha" />)).toContain('Loading...');
    expect(await settledHtml(<LazyGreeting name="Asha" />)).toContain('<p>Hello <!-- -->Asha</p>');
  });

  it('shows nothing by default while loading (a closed dialog takes no room)', () => {
    const LazyGreeting = lazyComponent(() => new Promise<{ Greeting: typeof Greeting }>(() => {}), (m) => m.Greeting);
    expect(renderToString(<LazyGreeting name="Asha" />)).not.toMatch(/Hello|Loading/);
  });

  it('loads once for preload and render alike, and tries again after a failed download', async () => {
    let calls = 0;
    const LazyGreeting = lazyComponent(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return { Greeting };
    }, (m) => m.Greeting);
    await expect(LazyGreeting.preload()).rejects.toThrow('offline');
    await LazyGreeting.preload();
    await LazyGreeting.preload();
    expect(await settledHtml(<LazyGreeting name="Ravi" />)).toContain('Ravi');
    expect(calls).toBe(2);
  });
});
