import { resolveRouteOwner, type RemoteManifestEntry } from '@forecourt/shared-config';

/**
 * Same-origin links to a page an app owns navigate without a page load: single-spa swaps the
 * apps and the chrome stays. Anything else (new tab, modified click, download, other origin,
 * a path no app owns) is left to the browser.
 */
export function interceptLinks(
  remotes: readonly RemoteManifestEntry[],
  navigate: (url: string) => void,
  gated: (pathname: string) => boolean = () => false,
): () => void {
  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    if (anchor.target && anchor.target !== '_self') return;
    if (anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href);
    if (url.origin !== location.origin) return;
    if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
    if (!resolveRouteOwner(remotes, url.pathname)) return;
    // A gated page the shopper may not open yet: the server sends them to sign in (spec §6).
    if (gated(url.pathname)) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
