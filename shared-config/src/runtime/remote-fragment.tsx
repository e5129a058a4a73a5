import { loadRemote } from '@module-federation/enhanced/runtime';
import { Component, createElement, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/**
 * Shows another team's exposed component (e.g. `mf_finance/Calculator`) through the Module
 * Federation runtime, never by import. A fragment that fails to load, takes longer than
 * `timeoutMs` or throws while rendering shows `fallback` and is reported; the page around it
 * keeps working.
 */
export interface RemoteFragmentProps<P extends object> {
  /** `<container>/<exposed name>`, e.g. `mf_finance/Calculator`. */
  id: `mf_${string}/${string}`;
  props: P;
  /** Shown while loading; defaults to nothing so the layout does not jump with text. */
  loading?: ReactNode;
  /** Shown when the fragment cannot be shown. */
  fallback?: ReactNode;
  timeoutMs?: number;
}

export const DEFAULT_FRAGMENT_TIMEOUT_MS = 8000;

type LoadState<P> = { status: 'loading' } | { status: 'ready'; Component: ComponentType<P> } | { status: 'failed' };

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function reportFragmentFailure(id: string, error: unknown): void {
  console.error(`[forecourt] fragment ${id} failed`, error);
}

class FragmentBoundary extends Component<{ id: string; fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportFragmentFailure(this.props.id, { error, componentStack: info.componentStack });
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function RemoteFragment<P extends object>({
  id,
  props,
  loading = null,
  fallback = null,
  timeoutMs = DEFAULT_FRAGMENT_TIMEOUT_MS,
}: RemoteFragmentProps<P>) {
  const [state, setState] = useState<LoadState<P>>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    withTimeout(loadRemote<{ default?: ComponentType<P> } | ComponentType<P>>(id), timeoutMs, id)
      .then((module) => {
        const Loaded = module && typeof module === 'object' && 'default' in module ? module.default : module;
        if (typeof Loaded !== 'function' && typeof Loaded !== 'object') throw new Error(`${id} exposes no component`);
        if (!cancelled) setState({ status: 'ready', Component: Loaded as ComponentType<P> });
      })
      .catch((error: unknown) => {
        reportFragmentFailure(id, error);
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [id, timeoutMs]);

  if (state.status === 'loading') return <>{loading}</>;
  if (state.status === 'failed') return <>{fallback}</>;
  const Loaded = state.Component;
  return (
    <FragmentBoundary id={id} fallback={fallback}>
      {createElement(Loaded as ComponentType<object>, props)}
    </FragmentBoundary>
  );
}
