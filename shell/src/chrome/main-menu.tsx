import { css } from '@emotion/react';
import { media } from '@forecourt/shared-config';
import { useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import type { BrandMenuProps } from './brand-menu';
import {
  brandColumns,
  itemStyle,
  LIST_FRAME_STYLE,
  listStyle,
  rootStyle,
  TriggerLabel,
  triggerStyle,
  type Brand,
  type MenuLink,
} from './menu-parts';

/** The menu's own controls (triggers and top-level links, marked in both forms), to find the same one in the other. */
const CONTROLS = '[data-menu-control]';

/** Where the shopper's focus is among the menu's controls (-1: elsewhere). */
function controlIndex(frame: HTMLElement | null): number {
  if (!frame) return -1;
  return [...frame.querySelectorAll(CONTROLS)].indexOf(document.activeElement as Element);
}

/** Beside the logo from lg up; below lg the Menu button's panel has the same links instead. */
const frameStyle = css`
  flex: 1;
  ${media.lgDown} {
    display: none;
  }
`;

/**
 * The main menu (lg and up): the site's brand columns, Our Brands and its links. The page starts
 * with the menu's markup alone, the same elements and styles as Radix's navigation menu renders
 * closed; the code of the mega-menu (Radix's navigation menu, about 12 KB as sent) is asked for
 * when the shopper reaches for the menu (the pointer enters it, or focus does) and replaces it
 * then. What the shopper did before it arrived is done again on it: the category hovered or
 * clicked opens, and focus stays on the same control. On a phone the menu is hidden (the Menu
 * button's panel has the same links), so its code is never downloaded there.
 */
export function MainMenu({
  brands,
  links,
  colour,
}: {
  brands: readonly Brand[];
  links: readonly MenuLink[];
  colour: string;
}) {
  const [Loaded, setLoaded] = useState<{
    Menu: ComponentType<BrandMenuProps>;
    open: string | undefined;
    focus: number;
  } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  // The category the shopper points at or clicked before the menu's code arrived.
  const reached = useRef<string | undefined>(undefined);

  // A press begun on the page's own menu (pointer down, not yet up): resolves once it has ended
  // and its click has been dispatched. Swapping in the mega-menu between a press's down and its
  // up would put new elements under the pointer, and the browser sends no click when the up lands
  // on another element than the down: a link pressed as the code arrived would do nothing.
  const pressEnded = useRef<Promise<void> | undefined>(undefined);
  const pressStarted = () => {
    pressEnded.current = new Promise((resolve) => {
      const end = () => {
        window.removeEventListener('pointerup', end, true);
        window.removeEventListener('pointercancel', end, true);
        // The click follows the pointer's up in the same task: swap after it.
        setTimeout(resolve, 0);
      };
      window.addEventListener('pointerup', end, true);
      window.addEventListener('pointercancel', end, true);
    });
  };

  const load = () => {
    if (asked.current) return;
    asked.current = true;
    import('./brand-menu').then(
      async ({ BrandMenu }) => {
        await pressEnded.current;
        setLoaded({ Menu: BrandMenu, open: reached.current, focus: controlIndex(frame.current) });
      },
      // A failed download leaves the links working; the next reach asks again.
      () => {
        asked.current = false;
      },
    );
  };

  useLayoutEffect(() => {
    if (!Loaded) return;
    // A category reached after the code arrived but before it replaced the static menu (a click,
    // or Enter on a focused category, while the page was busy rendering): it opens now, on the
    // menu that just replaced the one it was done on. Otherwise the key press would be lost.
    if (reached.current !== undefined && reached.current !== Loaded.open) {
      setLoaded({ ...Loaded, open: reached.current });
      return;
    }
    if (Loaded.focus >= 0) frame.current?.querySelectorAll<HTMLElement>(CONTROLS)[Loaded.focus]?.focus();
  }, [Loaded]);

  if (Loaded) {
    return (
      <div ref={frame} css={frameStyle}>
        {/* Keyed by the open category: the menu opens what it was given when it mounts. */}
        <Loaded.Menu key={Loaded.open ?? ''} brands={brands} links={links} colour={colour} defaultValue={Loaded.open} />
      </div>
    );
  }
  const columns = brandColumns(brands);
  return (
    <div ref={frame} css={frameStyle}>
      <nav
        aria-label="Main"
        data-orientation="horizontal"
        dir="ltr"
        css={rootStyle}
        onPointerEnter={load}
        onFocus={load}
        onPointerDown={pressStarted}
        onPointerLeave={() => (reached.current = undefined)}
      >
        <div style={LIST_FRAME_STYLE}>
          <ul data-orientation="horizontal" dir="ltr" css={listStyle}>
            {columns.map((column) => (
              <li key={column.label} css={itemStyle}>
                <button
                  type="button"
                  data-state="closed"
                  aria-expanded="false"
                  data-menu-control=""
                  css={triggerStyle(colour)}
                  onPointerOver={() => (reached.current = column.label)}
                  onClick={() => {
                    reached.current = column.label;
                    load();
                  }}
                >
                  <TriggerLabel label={column.label} />
                </button>
              </li>
            ))}
            {columns.length > 0 && (
              <li css={itemStyle}>
                <a href="/brands" data-menu-control="" css={triggerStyle(colour)}>
                  Our Brands
                </a>
              </li>
            )}
            {links.map((link) => (
              <li key={link.href} css={itemStyle}>
                <a href={link.href} data-menu-control="" css={triggerStyle(colour)}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </div>
  );
}
