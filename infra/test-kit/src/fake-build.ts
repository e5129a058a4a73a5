import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { federationName, isRemoteTeam } from '@forecourt/shared-config/teams';

export interface FakeBuildOptions {
  team: string;
  version: string;
  routes?: string[];
  exposes?: string[];
  shared?: Record<string, string>;
  /** Changes the entry's bytes (and so its integrity) without changing the version. */
  flavour?: string;
  /** The version of the sources, for a build published under another version (FORECOURT_BUILD_VERSION). */
  sourceVersion?: string;
}

export const FAKE_SHARED = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  jotai: '2.20.3',
  '@forecourt/shared-config': '1.0.0',
};

/** The routes a fake remote owns when a test does not say. */
export const FAKE_ROUTES: Record<string, string[]> = {
  'mf-search': ['/', '/search', '/search/*', '/special-offers'],
  'mf-vehicle': ['/cars/:slug'],
  'mf-finance': ['/finance', '/finance/*'],
  'mf-leads': ['/contact', '/success', '/cars/trade-in'],
  'mf-locations': ['/locations/*', '/our-location/*'],
};

export async function tempDir(prefix = 'forecourt-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/**
 * Writes what the shared webpack factory would emit, minus the JavaScript that does anything:
 * enough for the registry and the server, with no webpack run in unit tests.
 */
export async function makeFakeBuild(parent: string, options: FakeBuildOptions): Promise<string> {
  const dir = path.join(parent, `${options.team}-${options.version}-${options.flavour ?? 'a'}`);
  await fs.mkdir(dir, { recursive: true });
  const remote = isRemoteTeam(options.team);
  const entryFiles = remote ? ['main.0123456789.js'] : ['main.abcdef0123.js'];
  const info = {
    team: options.team,
    kind: remote ? 'remote' : 'host',
    name: remote ? federationName(options.team as Parameters<typeof federationName>[0]) : 'shell',
    version: options.version,
    sourceVersion: options.sourceVersion ?? options.version,
    exposes: options.exposes ?? (remote ? ['./app'] : []),
    routes: options.routes ?? (remote ? (FAKE_ROUTES[options.team] ?? []) : []),
    shared: options.shared ?? FAKE_SHARED,
    entryFiles,
    node: '>=20.19',
  };
  await fs.writeFile(path.join(dir, 'forecourt-build.json'), JSON.stringify(info, null, 2));
  const body = `/* ${options.team} ${options.version} ${options.flavour ?? ''} */\n`;
  for (const file of entryFiles) await fs.writeFile(path.join(dir, file), body);
  if (remote) {
    await fs.writeFile(path.join(dir, 'remoteEntry.js'), `var ${info.name};${body}`);
    // The parts of webpack's federation manifest the contract gate reads: each exposed module
    // (no files of its own here) and each shared module's required range.
    const manifest = {
      name: info.name,
      shared: Object.entries(info.shared).map(([name, version]) => ({ name, version, requiredVersion: `^${version}` })),
      exposes: info.exposes.map((exposed) => ({
        name: exposed.slice(2),
        path: exposed,
        assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
      })),
    };
    await fs.writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}
