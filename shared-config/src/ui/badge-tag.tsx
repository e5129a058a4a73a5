import { css } from '@emotion/react';
import { badgeColour, badgeText, type Badge } from '../badges';
import { SURFACE, WARNING } from './tokens';

/**
 * A car's tag badge, as the result cards and the vehicle page show it (one look on every page):
 * a coloured label, or for the certified-used badge an image (spec search-and-vehicle §4: 'a
 * certified-used image badge for one manufacturer on some sites'). The image is the platform's
 * own seal with the make's name, drawn inline: no manufacturer artwork (each maker licenses its
 * own), no request before the car's photo, and it scales with the text. `className` places it
 * (the card lays it over the photo).
 */
export function BadgeTag({ badge, size, className }: { badge: Badge; size: 'card' | 'page'; className?: string }) {
  const fontSize = size === 'card' ? '0.8rem' : '0.85rem';
  if (badge.kind === 'certified')
    return (
      <CertifiedSeal
        make={badge.make}
        label={badgeText(badge)}
        height={size === 'card' ? 28 : 32}
        className={className}
      />
    );
  return (
    <span
      className={className}
      css={css`
        label: badge-tag;
        display: inline-block;
        padding: 0.15rem 0.5rem;
        border-radius: 4px;
        font-size: ${fontSize};
        font-weight: 700;
        line-height: 1.4;
        color: ${SURFACE.onInverse};
        background: ${badgeColour(badge)};
        vertical-align: middle;
      `}
    >
      {badgeText(badge)}
    </span>
  );
}

/** The certified-used seal: a rosette with a tick beside 'CERTIFIED' and the make, on a dark plate. */
function CertifiedSeal({
  make,
  label,
  height,
  className,
}: {
  make: string;
  label: string;
  height: number;
  className?: string;
}) {
  // Room for 'CERTIFIED' and the make's name at 10 units a letter or so, in a 32-unit-high plate.
  const viewWidth = Math.max(96, 38 + make.length * 7.4);
  const width = Math.round((viewWidth / 32) * height);
  return (
    <svg
      role="img"
      aria-label={label}
      className={className}
      width={width}
      height={height}
      viewBox={`0 0 ${viewWidth} 32`}
      css={{ display: 'inline-block', verticalAlign: 'middle' }}
    >
      <title>{label}</title>
      <rect x="0" y="0" width={viewWidth} height="32" rx="5" fill={SURFACE.solid} />
      <g transform="translate(16 16)">
        <polygon points={rosette(12, 9.5, 12)} fill={WARNING.bright} />
        <circle r="7" fill={SURFACE.solid} />
        <path
          d="M-3.6 0.2 L-1 2.8 L3.8 -2.6"
          fill="none"
          stroke={WARNING.bright}
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <text x="32" y="13" fill={WARNING.bright} fontSize="9" fontWeight="700" letterSpacing="0.6" fontFamily="inherit">
        CERTIFIED
      </text>
      <text x="32" y="25" fill={SURFACE.onInverse} fontSize="10" fontWeight="700" fontFamily="inherit">
        {make.toUpperCase()}
      </text>
    </svg>
  );
}

/** The points of a rosette of `points` teeth between radii `outer` and `inner`, centred on 0,0. */
function rosette(outer: number, inner: number, points: number): string {
  return Array.from({ length: points * 2 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / points;
    return `${(radius * Math.sin(angle)).toFixed(2)},${(-radius * Math.cos(angle)).toFixed(2)}`;
  }).join(' ');
}
