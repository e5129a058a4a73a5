import { css } from '@emotion/react';
import { paths, showToast, SURFACE } from '@forecourt/shared-config';
import { useEffect, useRef, useState } from 'react';
import { fetchCarPdf } from '../api/car-pdf';

/** Spec (finance-leads-locations §4, §9): the toast stays 3 s, the bar reads 'Copied' for 1.5 s; share window 550x400. */
export const COPIED_TOAST_MS = 3000;
export const COPIED_LABEL_MS = 1500;
export const SHARE_WINDOW = 'width=550,height=400';

const action = css`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  min-height: 2.5rem;
  padding: 0.4rem 0.8rem;
  font: inherit;
  font-size: 0.9rem;
  font-weight: 600;
  border: 1px solid ${SURFACE.border};
  border-radius: 6px;
  background: ${SURFACE.background};
  color: ${SURFACE.text};
  text-decoration: none;
  cursor: pointer;
  &:disabled {
    cursor: progress;
    opacity: 0.7;
  }
`;

/** Downloads a same-site file under a name (the server also names it). */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Share and keep the car: copy its link (toast 'Copied {car name} to your clipboard!' for 3 s,
 * the button reads 'Copied' for 1.5 s), share to Facebook in a 550x400 window, email it, open the
 * printable page, download the PDF (`{slug}.pdf`; 'Preparing...' meanwhile, an alert on failure).
 */
export function ShareBar({ name, slug }: { name: string; slug: string }) {
  const [copied, setCopied] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const url = () => new URL(paths.car(slug), window.location.origin).toString();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url());
      showToast({ message: `Copied ${name} to your clipboard!`, durationMs: COPIED_TOAST_MS, tone: 'success' });
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_LABEL_MS);
    } catch (error) {
      console.error('[mf-vehicle] the link could not be copied', error);
      showToast({ message: `Could not copy the link. You can copy it from the address bar.`, tone: 'error' });
    }
  };

  const downloadPdf = async () => {
    setPreparing(true);
    try {
      const pdf = await fetchCarPdf(slug);
      if (pdf) saveBlob(pdf, `${slug}.pdf`);
      else window.alert(`Sorry, the PDF of the ${name} could not be made just now. Please try again, or use Print.`);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <ul
      aria-label="Share this car"
      css={css`
        label: mf-vehicle-share;
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        list-style: none;
        margin: 0;
        padding: 0;
      `}
    >
      <li>
        <button type="button" css={action} onClick={() => void copy()} aria-live="polite">
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </li>
      <li>
        <button
          type="button"
          css={action}
          onClick={() =>
            window.open(
              `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url())}`,
              'share',
              SHARE_WINDOW,
            )
          }
        >
          Share
        </button>
      </li>
      <li>
        <a
          css={action}
          href={`mailto:?subject=${encodeURIComponent(name)}&body=${encodeURIComponent(`Have a look at this ${name}: ${typeof window === 'undefined' ? '' : url()}`)}`}
        >
          Email
        </a>
      </li>
      <li>
        <a css={action} href={paths.print(slug)} target="_blank" rel="noopener">
          Print
        </a>
      </li>
      <li>
        <button type="button" css={action} disabled={preparing} onClick={() => void downloadPdf()}>
          {preparing ? 'Preparing...' : 'Download PDF'}
        </button>
      </li>
    </ul>
  );
}
