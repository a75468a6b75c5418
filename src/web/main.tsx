import './styles.css';

// The app's code runs once the browser has painted what the server sent (the brand and the
// page's heading: src/shared/page-shell.ts); running it first would hold that paint back on a
// slow phone even with the script cached. The server names the code in each page's HTML
// (web-app.ts). It comes in three chunks (vite.config.ts), each evaluated in a task of its own,
// so a tap need not wait for one long task (Lighthouse's Total Blocking Time).
const STAGES = [() => import('./app/stages/libraries'), () => import('./app/stages/shared'), () => import('./app/boot')];
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

let started = false;
const start = () => {
  if (started) return;
  started = true;
  STAGES.reduce<Promise<unknown>>((previous, load) => previous.then(nextTask).then(load), Promise.resolve()).catch(() => {
    const note = document.createElement('p');
    note.className = 'mx-auto max-w-3xl px-4 py-10 text-lg text-slate-700';
    note.textContent = 'The library could not be loaded. Check your connection and reload the page.';
    (document.querySelector('#root main') ?? document.body).append(note);
  });
};

// A hidden tab paints nothing, and a browser without paint timing cannot say when it did.
if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) start();
else {
  const painted = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    painted.disconnect();
    start();
  });
  painted.observe({ type: 'paint', buffered: true });
  // Never wait long for it: the page is usable only once the app runs.
  setTimeout(start, 400);
}
