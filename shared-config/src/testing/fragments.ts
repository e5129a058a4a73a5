import { init, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { federationName, REMOTE_TEAMS } from '../teams';

/**
 * The page's federation runtime in component tests. `RemoteFragment` loads another team's
 * fragment through the real Module Federation runtime, as on a page; only the remote entry
 * script (a network download that a component test cannot make) is replaced, by a container
 * that hands out the stand-ins the running test declared with `provideFragment`.
 *
 * A fragment the test declared nothing for stays loading, as a slow remote does on a page: the
 * page shows what it shows before the fragment arrives, nothing updates after the test and
 * nothing is logged. Another team's fragment is outside a component test's unit; a test about
 * what the page does with a fragment declares a stand-in for it.
 */
type Declared = ComponentType<never>;

const STATE = Symbol.for('forecourt.test.fragments');

function standIns(): Map<string, Declared> {
  const state = (globalThis as { [STATE]?: Map<string, Declared> })[STATE];
  if (!state)
    throw new Error(
      'provideFragment needs the test federation runtime, which the shared jest setup installs for jsdom projects',
    );
  return state;
}

/** Declares, for the running test, what another team's fragment (`mf_locations/ReviewSummary`) renders. */
export function provideFragment<P extends object>(id: `mf_${string}/${string}`, component: ComponentType<P>): void {
  standIns().set(id, component as Declared);
}

const never = <T>() => new Promise<T>(() => undefined);

function testEntries(declared: Map<string, Declared>): ModuleFederationRuntimePlugin {
  return {
    name: 'forecourt-test-entries',
    loadEntry: ({ remoteInfo }) => ({
      init: async () => undefined,
      // Looked up when the fragment is asked for, not when the entry loads: the runtime keeps
      // an entry for the whole file, while declarations belong to one test.
      get: (expose: string) => () => {
        const component = declared.get(`${remoteInfo.name}/${expose.replace(/^\.\//, '')}`);
        return component ? Promise.resolve({ default: component }) : never();
      },
    }),
  };
}

/** Starts the test page's federation runtime for one jsdom test file (the shared jest setup calls it). */
export function installTestFederation(): void {
  const declared = new Map<string, Declared>();
  (globalThis as { [STATE]?: Map<string, Declared> })[STATE] = declared;
  init({
    name: 'forecourt_component_test',
    remotes: REMOTE_TEAMS.map((team) => ({
      name: federationName(team),
      entry: `${location.origin}/${team}/remoteEntry.js`,
    })),
    plugins: [testEntries(declared)],
  });
  afterEach(() => declared.clear());
}
