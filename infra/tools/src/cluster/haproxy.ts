import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** A server behind the balancer: a name (its instance header says the same) and a loopback port. */
export interface Backend {
  name: string;
  port: number;
}

export interface BalancerConfig {
  /** The TLS port shoppers use (the certificate from selfSignedCertificate). */
  httpsPort: number;
  /** The plain-HTTP port, which only redirects to https (as a real site's port 80 does). */
  httpPort: number;
  /** The PEM file holding the certificate and its key, as HAProxy reads it. */
  pemPath: string;
  web: readonly Backend[];
  /** The search service: browsers reach it on the site's own origin under /1/ (the Algolia protocol's paths). */
  search: Backend;
}

/** The HAProxy binary from Debian's package, or null when it is not installed. */
export function haproxyBinary(): string | null {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'])
    if (existsSync(candidate)) return candidate;
  return null;
}

/**
 * A self-signed certificate for localhost, *.localhost (the demo tenants' hosts) and 127.0.0.1,
 * valid for two days, made with openssl at each start: the cluster terminates TLS the way a real
 * balancer does, with a certificate nobody else trusts. Answers the PEM HAProxy reads (certificate
 * then key) and the certificate alone, for clients that pin it.
 */
export async function selfSignedCertificate(directory: string): Promise<{ pemPath: string; certificate: string }> {
  const keyPath = path.join(directory, 'tls.key');
  const certPath = path.join(directory, 'tls.crt');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-keyout',
    keyPath,
    '-out',
    certPath,
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,DNS:*.localhost,IP:127.0.0.1',
  ]);
  const certificate = await fs.readFile(certPath, 'utf8');
  const pemPath = path.join(directory, 'tls.pem');
  await fs.writeFile(pemPath, certificate + (await fs.readFile(keyPath, 'utf8')), { mode: 0o600 });
  return { pemPath, certificate };
}

/** The header the cluster's drills steer one request to a named web instance with (never set by a browser). */
export const ROUTE_TO_HEADER = 'x-cluster-route-to';

/**
 * The balancer's configuration, as a platform team would write it for production (docs/deploy.md
 * shows the same), plus one line only the local cluster has: ROUTE_TO_HEADER picks the web
 * instance, so a drill can send the second half of a journey to the other instance on purpose.
 *
 * - TLS ends here; the instances get X-Forwarded-For (the client's address, replacing whatever
 *   the client sent), X-Forwarded-Proto and X-Request-Id, and trust them from this address only.
 * - Active health checks on /api/ready every 500 ms: an instance that is draining (SIGTERM) or
 *   gone (its port refuses) leaves the rotation after 3 failed checks, about 1.5 s, and comes
 *   back after one good check. A check may take up to 5 s before it counts as failed: an
 *   instance that is merely slow under load stays in, since taking every slow instance out at
 *   once would answer everyone 503.
 * - A request whose connection failed, or whose instance died before answering (empty
 *   response), is sent once more to the other instance. Safe here: reads are idempotent and every
 *   write that costs money or holds stock carries an Idempotency-Key the instances honour; a
 *   write without one is not retried.
 * - /1/ goes to the search service: browsers search on the site's own origin.
 */
export function balancerConfig(config: BalancerConfig): string {
  const servers = config.web.map(
    (b) => `  server ${b.name} 127.0.0.1:${b.port} check inter 500ms fall 3 rise 1 source 127.0.0.1`,
  );
  const routes = config.web.map((b) => `  use-server ${b.name} if { req.hdr(${ROUTE_TO_HEADER}) -m str ${b.name} }`);
  return [
    'global',
    '  maxconn 4096',
    '  tune.bufsize 65536',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout check 5s',
    '  option redispatch 1',
    '  retries 2',
    '  retry-on conn-failure empty-response',
    '',
    'frontend http_in',
    `  bind 127.0.0.1:${config.httpPort}`,
    '  http-request redirect scheme https code 301',
    '',
    'frontend https_in',
    `  bind 127.0.0.1:${config.httpsPort} ssl crt ${config.pemPath} alpn http/1.1`,
    '  unique-id-format %{+X}o%ci-%cp-%Ts-%rt-%pid',
    '  http-request set-header X-Request-Id %[unique-id]',
    '  http-request del-header X-Forwarded-For',
    '  http-request del-header X-Forwarded-Host',
    '  http-request set-header X-Forwarded-Proto https',
    '  option forwardfor',
    '  use_backend search if { path_beg /1/ }',
    '  default_backend web',
    '',
    'backend web',
    '  balance roundrobin',
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    // A write that could not be replayed safely is never sent twice.
    '  acl unsafe_write method POST PUT PATCH DELETE',
    '  acl has_key req.hdr(idempotency-key) -m found',
    '  http-request disable-l7-retry if unsafe_write !has_key',
    ...routes,
    ...servers,
    '',
    'backend search',
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    `  server ${config.search.name} 127.0.0.1:${config.search.port} check inter 500ms fall 2 rise 1`,
    '',
  ].join('\n');
}
