import { css } from '@emotion/react';
import { useId, type ReactNode } from 'react';
import type { RemoteTeam } from '../teams';
import { SURFACE } from './tokens';

export interface FragmentCardProps {
  /** The team whose fragment this is: its `data-boundary`. */
  team: RemoteTeam;
  heading: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every exposed fragment (a card on another team's page): a labelled region with
 * the team's boundary mark, a level-2 heading and the card look, so fragments from different
 * teams sit side by side as one design.
 */
export function FragmentCard({ team, heading, children }: FragmentCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-boundary={team}
      css={css`
        label: ${team}-fragment;
        padding: 1rem 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
      `}
    >
      <h2 id={headingId} css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
