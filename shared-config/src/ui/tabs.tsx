import { css } from '@emotion/react';
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
// The package's own name, not a relative path: this file is shared as its own module (see slider).
import { SURFACE, useTenant } from '@forecourt/shared-config';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  /** Names the tab list for screen readers, e.g. 'Gallery views'. */
  label: string;
  tabs: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Keep every panel's content mounted while hidden (e.g. a spin viewer's loaded frames). */
  keepMounted?: boolean;
  className?: string;
}

/**
 * The platform's tabs, on Radix's tabs primitive (roving focus with arrow keys, Home/End,
 * aria-selected / aria-controls wiring), in the tenant's colours. Shared as its own singleton
 * (`@forecourt/shared-config/tabs`), so only pages with tabs load it.
 */
export function Tabs({ label, tabs, value, defaultValue, onValueChange, keepMounted = false, className }: TabsProps) {
  const { theme } = useTenant();
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={defaultValue ?? tabs[0]?.value}
      onValueChange={onValueChange}
      className={className}
    >
      <RadixTabs.List
        aria-label={label}
        css={css`
          label: shared-tabs-list;
          display: flex;
          flex-wrap: wrap;
          gap: 0.25rem;
          border-bottom: 1px solid ${SURFACE.border};
          margin-bottom: 0.75rem;
        `}
      >
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            css={css`
              font: inherit;
              font-weight: 600;
              padding: 0.55rem 0.9rem;
              border: 0;
              border-bottom: 3px solid transparent;
              background: none;
              color: ${SURFACE.muted};
              cursor: pointer;
              margin-bottom: -1px;
              &[data-state='active'] {
                color: ${theme.primary};
                border-bottom-color: ${theme.primary};
              }
            `}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content
          key={tab.value}
          value={tab.value}
          forceMount={keepMounted ? true : undefined}
          css={css`
            &[hidden],
            &[data-state='inactive'] {
              display: none;
            }
            &:focus-visible {
              outline: 3px solid ${theme.accent};
              outline-offset: 2px;
            }
          `}
        >
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
