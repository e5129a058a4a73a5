require('@testing-library/jest-dom');

// jsdom leaves out the encoding API that react-router uses; Node's is the same standard one.
const { TextEncoder, TextDecoder } = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

// jsdom has no fetch and component tests have no server: a page's calls fail as they would with
// the network down, so components show their failure states. A test about a call's answer
// replaces `globalThis.fetch` itself.
if (typeof globalThis.fetch === 'undefined') {
  globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch (no server in component tests)'));
}

// jsdom does no layout, so it has no ResizeObserver; Radix's slider measures its thumbs with one.
// Nothing is ever resized here, so an observer that never calls back is exact.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
