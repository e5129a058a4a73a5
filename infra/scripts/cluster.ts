/**
 * `npm run cluster`: the production topology on this machine (docs/deploy.md, "A local
 * cluster"): PostgreSQL, Redis, an S3-protocol server, one search service, two web instances of
 * the compiled server and HAProxy with TLS in front. Ctrl+C stops all of it.
 */
import { startCluster } from '@forecourt/tools/cluster/cluster';

async function main(): Promise<void> {
  const cluster = await startCluster({ log: (line) => console.log(line) });
  const tenants = ['harbourside-motors', 'summit-auto-group', 'redgum-used-cars', 'coastal-caravans'];
  console.log(`\nThe cluster is up. Sites, through HAProxy (a self-signed certificate: accept it in the browser):`);
  for (const tenant of tenants) console.log(`  https://${tenant}.localhost:${cluster.httpsPort}/`);
  console.log(
    `Web instances: ${cluster.web.map((w) => `${w.name} http://127.0.0.1:${w.port}/`).join(', ')}; search service http://127.0.0.1:${cluster.search.port}/`,
  );
  console.log('Every answer names its instance in X-Forecourt-Instance. Ctrl+C stops everything.');
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping the cluster...');
      cluster.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Error: ${error.message}` : error);
  process.exit(1);
});
