/**
 * The search client's time limits in a test against a local search service. algoliasearch gives
 * up on a host after 2 s to connect or 5 s to read ("Unreachable hosts"). A test process at low
 * priority beside the journeys passes that while the answer waits on its own busy event loop:
 * `indexer.test.ts` failed so, after 2.0 s, with one core kept busy. Tests not
 * about the client's timeouts use these; a test of a timeout sets its own.
 */
export const TEST_SEARCH_TIMEOUTS = { connect: 60_000, read: 60_000, write: 60_000 } as const;
