import { configure } from '@testing-library/react';

// A page's first render in a test file also loads and compiles its modules (the router, Radix,
// emotion): on a busy two-core machine that alone passes testing-library's 1 s default for a
// findBy, and the test would fail for the machine rather than the page.
configure({ asyncUtilTimeout: 5000 });
