/**
 * Run before every infra test file (jest.config.js, setupFiles): the public limits that pace or
 * hold requests are set out of the way of the tests that do not test them, since a test's
 * requests all come from one address and many arrive at once. A refusal held a second, or a page
 * with a query paced to one a second per address, would slow every test that meets one and fail
 * those that wait with a deadline. The tests of these limits set their own values; the
 * environment still wins over these.
 */
process.env['FORECOURT_REFUSAL_HOLD_MS'] ??= '0';
process.env['FORECOURT_QUERY_PAGES_PER_SECOND'] ??= '1000';
process.env['FORECOURT_QUERY_PAGES_BURST'] ??= '1000';
process.env['FORECOURT_QUERY_PAGES_AT_ONCE'] ??= '100';
process.env['FORECOURT_QUERY_PAGES_MAX_LOAD'] ??= '1';
// Every app a test builds would otherwise start render threads, each loading React and every
// team's pages; the tests of the pool set their own.
process.env['FORECOURT_FIRST_PAINT_THREADS'] ??= '0';
