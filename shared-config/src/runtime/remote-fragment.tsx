import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  Component,
  createElement,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { failurePolicy, teamOfModule } from './failures';
import { NEAR_MARKER_CSS, useNearWindow } from './near-window';

/**
 * Shows another team's exposed component (e.g. `mf_finance/Calculator`) through the Module
 * Federation runtime, never by import. A fragment that fails to load, takes longer than the
 * page's fragment timeout or throws while rendering shows the page's one fallback and is
 * reported through the failure policy; the page around it keeps working.
 *
 * A fragment is asked for only when its place on the page comes near the window (within
 * FRAGMENT_LOAD_MARGIN): its remote's entry and chunks are a download a shopper who never
 * scrolls that far should not pay for on the page's first load. A fragment the shopper asked
 * for (a dialog they opened) says so with `load="now"`.
 */
export interface RemoteFragmentProps<P extends object> {
  /** `<container>/<exposed name>`, e.g. `mf_finance/Calculator`. */
  id: `mf_${string}/${string}`;
  props: P;
  /** Shown while loading; defaults to nothing so the layout does not jump with text. */
  loading?: ReactNode;
  /** Overrides the page's fragment timeout (the shell's policy decides it otherwise). */
  timeoutMs?: number;
  /**
   * Told when the fragment cannot be shown (it failed to load, timed out or threw while
   * rendering), after the failure policy has it: a dialog opened on demand falls back to its
   * page, where an inline fallback at the end of the page would go unseen.
   */
  onFailed?: () => void;
  /**
   * Shown instead of the policy's inline fallback when the fragment cannot be shown (still
   * reported). For a second fragment of a remote whose first already says it is unavailable.
   */
  fallback?: ReactNode;
  /**
   * When to ask for the fragment: 'near' (the default) once its place on the page comes near the
   * window; 'now' at once, for a fragment the shopper has just asked for (a dialog they opened)
   * whose place in the page's tree says nothing about where it shows.
   */
  load?: 'near' | 'now';
}

class FragmentTimeout extends Error {
  override name = 'FragmentTimeout';
}

type LoadState<P> = { status: 'loading' } | { status: 'ready'; Component: ComponentType<P> } | { status: 'failed' };

/** The load, failed after `ms`; `cancel` stops the clock (the fragment left the page first). */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): { result: Promise<T>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const result = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => reject(new FragmentTimeout(`${what} did not load within ${ms} ms`)), ms);
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
  return { result, cancel: () => clearTimeout(timer) };
}

function Fallback({ id }: { id: string }) {
  return createElement(failurePolicy().Fallback, { remote: teamOfModule(id), inline: true });
}

class FragmentBoundary extends Component<
  { id: string; onFailed?: (() => void) | undefined; fallback?: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    failurePolicy().report({
      kind: 'fragment-error',
      remote: teamOfModule(this.props.id),
      error: Object.assign(error, { componentStack: info.componentStack }),
    });
    this.props.onFailed?.();
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback === undefined ? <Fallback id={this.props.id} /> : <>{this.props.fallback}</>;
  }
}

export function RemoteFragment<P extends object>({
  id,
  props,
  loading = null,
  timeoutMs,
  onFailed,
  fallback,
  load = 'near',
}: RemoteFragmentProps<P>) {
  const [state, setState] = useState<LoadState<P>>({ status: 'loading' });
  const [marker, near] = useNearWindow(load === 'now');
  // The latest callback, without reloading the fragment when a parent passes a new function.
  const failed = useRef(onFailed);
  failed.current = onFailed;

  useEffect(() => {
    if (!near) return undefined;
    let cancelled = false;
    setState({ status: 'loading' });
    // Through a promise: the runtime throws synchronously for some failures (no federation
    // instance on the page, an unregistered container), and those must reach the fallback too.
    const load = Promise.resolve().then(() => loadRemote<{ default?: ComponentType<P> } | ComponentType<P>>(id));
    const timed = withTimeout(load, timeoutMs ?? failurePolicy().fragmentTimeoutMs, id);
    timed.result
      .then((module) => {
        const Loaded = module && typeof module === 'object' && 'default' in module ? module.default : module;
        if (typeof Loaded !== 'function' && typeof Loaded !== 'object') throw new Error(`${id} exposes no component`);
        if (!cancelled) setState({ status: 'ready', Component: Loaded as ComponentType<P> });
      })
      .catch((error: unknown) => {
        const kind = error instanceof FragmentTimeout ? 'fragment-timeout' : 'fragment-error';
        failurePolicy().report({ kind, remote: teamOfModule(id), error });
        if (!cancelled) {
          setState({ status: 'failed' });
          failed.current?.();
        }
      });
    return () => {
      cancelled = true;
      // A fragment that leaves the page (the shopper moved on) before it loads has not timed
      // out: no one waited for it, so no failure is reported for it.
      timed.cancel();
    };
  }, [id, timeoutMs, near]);

  if (!near) {
    // What the page shows while the fragment loads (the space it keeps for it, if any) is shown
    // until then too, so nothing moves when it starts loading.
    return (
      <>
        <span ref={marker} aria-hidden="true" data-fragment={id} css={NEAR_MARKER_CSS} />
        {loading}
      </>
    );
  }
  if (state.status === 'loading') return <>{loading}</>;
  if (state.status === 'failed') return fallback === undefined ? <Fallback id={id} /> : <>{fallback}</>;
  const Loaded = state.Component;
  return (
    <FragmentBoundary id={id} onFailed={() => failed.current?.()} fallback={fallback}>
      {createElement(Loaded as ComponentType<object>, props)}
    </FragmentBoundary>
  );
}
