import { css } from '@emotion/react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { errorText } from '../api/client';
import { COLOUR, RADIUS, SPACE } from '../theme/tokens';
import { Button, type ButtonTone } from './button';
import { ErrorNote } from './error-note';

export interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  /** What happens, said plainly: who gets what once it is confirmed. */
  children: ReactNode;
  confirmLabel: string;
  tone?: ButtonTone;
  /** The confirm button waits for what the dialog asks (a reason) before it may be pressed. */
  confirmDisabled?: boolean;
  /** Makes the change; a rejection keeps the dialog open with the API's words in it. */
  onConfirm: () => Promise<void>;
}

/**
 * Asks before a change that shoppers or accounts feel, on Radix's dialog (focus kept inside and
 * given back to the trigger, Escape cancels, the page behind hidden from screen readers). It
 * closes only when the change succeeded; a refusal is shown inside it, as the API said it.
 */
export function ConfirmDialog({
  trigger,
  title,
  children,
  confirmLabel,
  tone = 'primary',
  confirmDisabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (next) setError(null);
      }}
    >
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          css={css`
            position: fixed;
            inset: 0;
            background: ${COLOUR.scrim};
            z-index: 50;
          `}
        />
        <RadixDialog.Content
          css={css`
            position: fixed;
            z-index: 51;
            left: 50%;
            top: 50%;
            transform: translate(-50%, -50%);
            width: min(34rem, calc(100vw - 2rem));
            max-height: calc(100vh - 2rem);
            overflow: auto;
            background: ${COLOUR.surface};
            color: ${COLOUR.text};
            border-radius: ${RADIUS};
            padding: ${SPACE.lg};
          `}
        >
          <RadixDialog.Title
            css={css`
              margin: 0 0 ${SPACE.sm};
              font-size: 1.2rem;
            `}
          >
            {title}
          </RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div>{children}</div>
          </RadixDialog.Description>
          {error ? <ErrorNote lead="Not done" message={error} /> : null}
          <div
            css={css`
              display: flex;
              flex-wrap: wrap;
              gap: ${SPACE.sm};
              justify-content: flex-end;
              margin-top: ${SPACE.md};
            `}
          >
            <RadixDialog.Close asChild>
              <Button disabled={busy}>Cancel</Button>
            </RadixDialog.Close>
            <Button tone={tone} busy={busy} disabled={confirmDisabled} onClick={() => void confirm()}>
              {busy ? 'Working…' : confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
