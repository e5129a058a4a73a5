import { css } from '@emotion/react';
import { alpha, DANGER, dismissToast, forecourtStore, SURFACE, toastAtom } from '@forecourt/shared-config';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';

/** The page's one toast: a new toast replaces the current one (spec: toast limit 1). */
export function ToastHost() {
  const toast = useAtomValue(toastAtom, { store: forecourtStore });

  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div
      aria-live="polite"
      css={css`
        position: fixed;
        bottom: 1rem;
        left: 50%;
        transform: translateX(-50%);
        z-index: 1000;
      `}
    >
      {toast && (
        <div
          role="status"
          data-tone={toast.tone}
          css={css`
            label: shell-toast;
            display: flex;
            gap: 1rem;
            align-items: center;
            padding: 0.75rem 1rem;
            border-radius: 6px;
            color: ${SURFACE.onInverse};
            background: ${toast.tone === 'error' ? DANGER.text : SURFACE.solid};
            box-shadow: 0 4px 12px ${alpha(SURFACE.shadow, 20)};
          `}
        >
          <span>{toast.message}</span>
          {toast.action && (
            <a href={toast.action.href} css={{ color: SURFACE.onInverse, fontWeight: 600 }}>
              {toast.action.label}
            </a>
          )}
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => dismissToast(toast.id)}
            css={{ background: 'none', border: 0, color: SURFACE.onInverse, cursor: 'pointer' }}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
