import type { ComponentType } from 'react';

/**
 * The port through which every part of a page reports a failure and shows the one fallback.
 * The policy itself (retry, last-good, how a failure is reported, what the fallback looks
 * like) belongs to the shell, which installs it at boot; shared-config only carries it, so a
 * remote's error boundary and `RemoteFragment` reach the shell's policy without importing the
 * shell. This module is a Module Federation singleton, so the page has one policy.
 */

/** Where a failure happened: loading a remote's entry, mounting its app, rendering it, or a fragment. */
export const FAILURE_KINDS = ['entry', 'mount', 'render', 'fragment-timeout', 'fragment-error'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/**
 * Platform event ids for `/api/events`: 9001 to 9099, a range of their own. The product's
 * analytics ids are below 100 and in the 1000s (1001 is a car saved to favourites), so a
 * dashboard or a query by id never mixes the platform's reports with a shopper's actions.
 * Every id: docs/architecture.md, "Reporting".
 */
export const PLATFORM_EVENT = {
  appMounted: 9001,
  failure: 9002,
  recovered: 9003,
} as const;

export interface Failure {
  kind: FailureKind;
  /** The team folder name, e.g. 'mf-finance'. */
  remote: string;
  /** The failing build's version, when the reporter knows it; the shell fills it in otherwise. */
  version?: string;
  error: unknown;
}

export interface FallbackProps {
  /** The team whose part of the page could not be shown. */
  remote: string;
  /** A fragment inside another team's page: a short inline notice instead of a panel. */
  inline?: boolean;
}

export interface FailurePolicy {
  report(failure: Failure): void;
  Fallback: ComponentType<FallbackProps>;
  /** How long a fragment may take to load before it counts as failed. */
  fragmentTimeoutMs: number;
}

export const DEFAULT_FRAGMENT_TIMEOUT_MS = 8000;

/** Until the shell installs its policy (unit tests, a remote run on its own): log, show nothing. */
const standalone: FailurePolicy = {
  report: ({ kind, remote, version, error }) =>
    console.error(`[forecourt] ${kind} failure in ${remote}${version ? `@${version}` : ''}`, error),
  Fallback: () => null,
  fragmentTimeoutMs: DEFAULT_FRAGMENT_TIMEOUT_MS,
};

let installed: FailurePolicy = standalone;

export function installFailurePolicy(policy: FailurePolicy): void {
  installed = policy;
}

export function failurePolicy(): FailurePolicy {
  return installed;
}

/** `mf_finance/Calculator` -> `mf-finance`: the team behind a federated module id. */
export function teamOfModule(id: string): string {
  return (id.split('/')[0] ?? id).replace(/_/g, '-');
}
