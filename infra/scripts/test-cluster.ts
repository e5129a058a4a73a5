/**
 * `npm run test:cluster`: starts the local cluster (`npm run cluster`) and runs its journeys
 * through HAProxy (infra/tools/src/cluster/journeys.ts), printing `N passed, N failed`. Exit code 1 on a
 * failure; the cluster is stopped either way.
 */
import { clusterPrerequisites, startCluster } from '@forecourt/tools/cluster/cluster';
import { clusterJourneys } from '@forecourt/tools/cluster/journeys';

async function main(): Promise<number> {
  const missing = clusterPrerequisites();
  if (missing.length) {
    console.error(`The cluster cannot start here: ${missing.join(', ')} missing`);
    return 1;
  }
  const started = Date.now();
  // The time budgets the journeys do not test, out of their way: production's 300 ms for a first
  // paint (then the page goes without it) and 200 ms for a request's searches (then 429) are met
  // on an idle machine and missed on a busy one, where a journey reading a search page's cards
  // would pass or fail by the machine's speed; so would a search page past the two an instance
  // renders at once (or starts while its request thread is busy), refused after 3 s. The drills
  // keep production's budgets.
  const cluster = await startCluster({
    log: (line) => console.log(line),
    webEnv: {
      FORECOURT_FIRST_PAINT_BUDGET_MS: '10000',
      FORECOURT_SEARCH_BUDGET_MS: '60000',
      FORECOURT_QUERY_PAGES_AT_ONCE: '100',
      FORECOURT_QUERY_PAGES_MAX_LOAD: '1',
    },
  });
  let passed = 0;
  let failed = 0;
  try {
    console.log(
      `\nJourneys through https://127.0.0.1:${cluster.httpsPort} (cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    for (const journey of clusterJourneys(cluster)) {
      const at = Date.now();
      try {
        await journey.run();
        passed += 1;
        console.log(`  ✓ ${journey.name} (${Date.now() - at} ms)`);
      } catch (error) {
        failed += 1;
        console.log(
          `  ✘ ${journey.name} (${Date.now() - at} ms)\n      ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  } finally {
    await cluster.close();
  }
  console.log(`\n${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? `Error: ${error.stack ?? error.message}` : error);
    process.exit(1);
  },
);
