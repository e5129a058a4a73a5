import { css } from '@emotion/react';
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { alpha, SURFACE } from './tokens';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's name, read out when it opens (shown as its heading unless `hideTitle`). */
  title: string;
  hideTitle?: boolean;
  /** Fills the window (a fullscreen gallery) instead of a centred panel. */
  fullscreen?: boolean;
  /** A panel along the window's left edge, full height (a mobile menu). */
  sheet?: boolean;
  /** Where focus goes back to on closing, for a dialog opened by a control outside it (default: the page's own choice). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/**
 * The platform's modal dialog, on Radix's dialog primitive (focus trapped and returned, Escape
 * closes, the page behind hidden from screen readers and not scrolled). A Close button is always
 * there. Shared as its own singleton (`@forecourt/shared-config/dialog`).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  fullscreen = false,
  sheet = false,
  returnFocusTo,
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          css={css`
            position: fixed;
            inset: 0;
            background: ${fullscreen ? SURFACE.lightbox : alpha(SURFACE.inverse, 60)};
            z-index: 50;
          `}
        />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          css={css`
            label: shared-dialog;
            position: fixed;
            z-index: 51;
            ${
              fullscreen
                ? `inset: 0; display: flex; flex-direction: column; padding: 0.75rem; color: ${SURFACE.onInverse};`
                : sheet
                  ? `left: 0; top: 0; bottom: 0; width: min(22rem, calc(100vw - 3rem)); overflow: auto; background: ${SURFACE.background}; padding: 1rem 1.25rem;`
                  : `left: 50%; top: 50%; transform: translate(-50%, -50%); width: min(36rem, calc(100vw - 2rem)); max-height: calc(100vh - 2rem); overflow: auto; background: ${SURFACE.background}; border-radius: 10px; padding: 1.25rem;`
            }
          `}
        >
          <div
            css={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: '1rem',
              marginBottom: '0.5rem',
            }}
          >
            <RadixDialog.Title
              css={
                hideTitle
                  ? visuallyHidden
                  : css`
                      margin: 0;
                      font-size: 1.125rem;
                    `
              }
            >
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              css={css`
                margin-left: auto;
                font: inherit;
                font-weight: 600;
                padding: 0.45rem 0.9rem;
                border-radius: 6px;
                border: 1px solid currentColor;
                background: ${fullscreen ? 'transparent' : SURFACE.background};
                color: inherit;
                cursor: pointer;
              `}
            >
              Close
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
