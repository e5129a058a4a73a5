// The async boundary lets Module Federation agree on shared singletons (one React, one store)
// before any of them is evaluated.
//
// The boot comes in three tasks, with the browser free between them: React and React DOM, then
// the shared kit, then the shell itself (its chrome, and the boot). Evaluated in one go they
// were the page's longest task on every route (105 to 275 ms on a phone-speed CPU, Lighthouse's
// 4x): a shopper's tap in it waited for all of it. `setTimeout(0)` ends the task; the next part
// starts as soon as the browser has handled what came in meanwhile (input, the HTML still
// arriving, a preloaded script).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

Promise.all([import('react'), import('react-dom/client')])
  .then(nextTask)
  .then(() => Promise.all([import('@forecourt/shared-config'), import('@emotion/react')]))
  .then(nextTask)
  .then(() => import('./bootstrap'))
  .catch((error: unknown) => {
    console.error('[forecourt] the shell failed to boot', error);
  });
