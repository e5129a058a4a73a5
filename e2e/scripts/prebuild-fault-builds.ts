/**
 * Builds every fault build the journeys publish (FAULT_BUILDS), two at a time, ahead of the
 * journeys: `npm test` starts it beside the site's own start, on the cores the site's builds
 * leave idle, so the failure matrix and the publish gate find their builds ready. A journey that
 * comes first builds what it needs itself (buildFaultyVariant is safe to run twice at once).
 */
import { buildFaultyVariant, FAULT_BUILDS } from '../support/platform';

const started = Date.now();
let next = 0;
const failures: string[] = [];
async function lane(): Promise<void> {
  while (next < FAULT_BUILDS.length) {
    const build = FAULT_BUILDS[next++]!;
    try {
      await buildFaultyVariant(build.team, build.version, build.fault);
    } catch (error) {
      // The journey that needs it builds it again and fails with the reason there.
      failures.push(
        `${build.team} ${build.version} (${build.fault}): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
void Promise.all([lane(), lane()]).then(() => {
  console.log(
    `prebuild: ${FAULT_BUILDS.length - failures.length} of ${FAULT_BUILDS.length} fault builds ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const failure of failures) console.log(`prebuild: ${failure}`);
});
