// The jsdom projects' setup. A test file may still ask for the node environment (a team's
// server tests beside its pages): it gets only the console guard, and Node's own fetch.
const browser = typeof window !== 'undefined';

if (browser) {
  require('@testing-library/jest-dom');
  // Loaded before the console guard so that its unmount (registered on import) runs before the
  // guard's check: what a component logs as it unmounts belongs to the test that rendered it.
  require('@testing-library/react');
  // findBy… and waitFor wait for what the shopper would see for up to 30 s, not Testing
  // Library's 1 s: in CI the unit tests run at a low priority beside the journeys' browsers and
  // sites on two cores, where a component test's steps (typing, a lazily loaded form kit, the
  // router's first render) run several times slower than alone. At 5 s a checkout test's
  // confirmation, 1.1 s alone, came after 5.7 s with one core kept busy. A page that never shows
  // what the test waits for still fails; a test of a time limit sets its own clock instead.
  // Every jsdom project runs this, the console's included.
  require('@testing-library/dom').configure({ asyncUtilTimeout: 30_000 });

  // jsdom leaves out the encoding API that react-router uses; Node's is the same standard one.
  const { TextEncoder, TextDecoder } = require('node:util');

  if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
  if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

  // jsdom has no fetch and component tests have no server: each test declares the routes its
  // page calls (serveRoutes), and a call to any other fails the test.
  require('../src/testing/http').installTestServer();

  // RemoteFragment loads other teams' fragments through the federation runtime; a test declares
  // stand-ins for the fragments it is about (provideFragment), the rest stay loading.
  require('../src/testing/fragments').installTestFederation();

  // jsdom does no layout, so it has no ResizeObserver; Radix's slider measures its thumbs with one.
  // Nothing is ever resized here, so an observer that never calls back is exact.
  if (typeof globalThis.ResizeObserver === 'undefined') {
    globalThis.ResizeObserver = class ResizeObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

require('../src/testing/console').installConsoleGuard();
