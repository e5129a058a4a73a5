// The async boundary lets Module Federation agree on shared singletons (one React, one store)
// before any of them is evaluated.
import('./bootstrap').catch((error: unknown) => {
  console.error('[forecourt] the shell failed to boot', error);
});
