import { css } from '@emotion/react';
import { SURFACE, useTenant } from '@forecourt/shared-config';
import { useEffect, useRef, type ReactNode } from 'react';

const storageKey = (site: string, header: string) => `forecourt:${site}:open:${header}`;

/**
 * A collapsible block (spec §2: 'header, open or closed, optionally persisted per header'): the
 * native disclosure element, so keyboard and screen readers know it without help. On sites that
 * ask (`vehicle.rememberOpenSections`) the open state is kept per header in this browser.
 */
export function Collapsible({
  header,
  defaultOpen = false,
  children,
}: {
  header: string;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const tenant = useTenant();
  const ref = useRef<HTMLDetailsElement>(null);
  const remember = tenant.vehicle.rememberOpenSections;
  useEffect(() => {
    if (!remember || !ref.current) return;
    try {
      const saved = window.localStorage.getItem(storageKey(tenant.slug, header));
      if (saved !== null) ref.current.open = saved === 'open';
    } catch {
      // Storage can be off (private windows); the block then opens as the page says.
    }
  }, [remember, tenant.slug, header]);
  return (
    <details
      ref={ref}
      open={defaultOpen}
      onToggle={(event) => {
        if (!remember) return;
        try {
          window.localStorage.setItem(
            storageKey(tenant.slug, header),
            (event.currentTarget as HTMLDetailsElement).open ? 'open' : 'closed',
          );
        } catch {
          // As above: nothing to keep.
        }
      }}
      css={css`
        label: mf-vehicle-collapsible;
        border-bottom: 1px solid ${SURFACE.border};
        padding: 0.75rem 0;
        & > summary {
          cursor: pointer;
          font-weight: 600;
          list-style-position: outside;
        }
        & > div {
          padding-top: 0.5rem;
        }
      `}
    >
      <summary>{header}</summary>
      <div>{children}</div>
    </details>
  );
}
