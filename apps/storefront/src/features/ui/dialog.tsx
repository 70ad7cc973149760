import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { ToastOutlet } from '../toast/toast-provider.js';
import { CloseIcon } from './icons.js';

interface DialogProps {
  /** Whether the dialog is shown. */
  readonly open: boolean;
  /** Called on Escape, the close button or a click on the backdrop. */
  readonly onClose: () => void;
  /** The heading, which also names the dialog. */
  readonly title: string;
  /** Text that describes the dialog; announced with the title. */
  readonly description?: string;
  /** `alertdialog` for confirmations that interrupt the user. */
  readonly role?: 'dialog' | 'alertdialog';
  /** The element to focus on opening; otherwise the first `[data-autofocus]`, else the first control. */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  /** Narrow layout for short confirmations. */
  readonly size?: 'default' | 'small';
  /** The body; mounted only while open, so forms start fresh each time. */
  readonly children?: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>` element: the browser makes the rest
 * of the page inert (so focus stays inside) and turns Escape into `cancel`.
 * Focus moves in on opening and returns to the opener on closing.
 */
export function Dialog({ open, onClose, title, description, role = 'dialog', initialFocus, size = 'default', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const target = initialFocus?.current ?? dialog.querySelector<HTMLElement>('[data-autofocus]');
    target?.focus();
    document.documentElement.classList.add('has-modal');
    return () => {
      if (dialog.open) dialog.close();
      document.documentElement.classList.remove('has-modal');
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus]);

  // A press that starts and ends on the backdrop closes; a text selection dragged out of the panel does not.
  const pressedBackdrop = useRef(false);

  return (
    <dialog
      ref={ref}
      className={size === 'small' ? 'dialog dialog--small' : 'dialog'}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedBackdrop.current && event.target === event.currentTarget) onCloseRef.current();
        pressedBackdrop.current = false;
      }}
    >
      {open ? (
        <div className="dialog__panel">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="icon-button" onClick={() => onCloseRef.current()} aria-label="Close">
              <CloseIcon width={20} height={20} />
            </button>
          </header>
          {description ? (
            <p id={descriptionId} className="dialog__description">
              {description}
            </p>
          ) : null}
          <div className="dialog__body">{children}</div>
          <ToastOutlet />
        </div>
      ) : null}
    </dialog>
  );
}

interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  /** The question, word for word from the spec. */
  readonly message: string;
  readonly confirmLabel: string;
  /** The confirm label while the action runs. */
  readonly busyLabel: string;
  readonly busy: boolean;
  /** Runs the action; resolves `false` when it failed and the dialog stays open. */
  readonly onConfirm: () => Promise<boolean>;
  /** Said inside the dialog after a failed try, until the next one, e.g. 'Failed to clear cart'. */
  readonly failureMessage: string;
  readonly onCancel: () => void;
}

/**
 * Asks before a destructive action; Cancel has the initial focus so Enter does no harm.
 * When the action fails the dialog stays open and says so beside its buttons, so the
 * failure outlives its toast.
 */
export function ConfirmDialog({ open, title, message, confirmLabel, busyLabel, busy, onConfirm, failureMessage, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onCancel}
      title={title}
      description={message}
      role="alertdialog"
      size="small"
      initialFocus={cancelRef}
    >
      <ConfirmActions cancelRef={cancelRef} confirmLabel={confirmLabel} busyLabel={busyLabel} busy={busy} onConfirm={onConfirm} failureMessage={failureMessage} onCancel={onCancel} />
    </Dialog>
  );
}

type ConfirmActionsProps = Pick<ConfirmDialogProps, 'confirmLabel' | 'busyLabel' | 'busy' | 'onConfirm' | 'failureMessage' | 'onCancel'> & {
  readonly cancelRef: RefObject<HTMLButtonElement | null>;
};

// Mounted only while the dialog is open, so each opening starts without a failure.
function ConfirmActions({ cancelRef, confirmLabel, busyLabel, busy, onConfirm, failureMessage, onCancel }: ConfirmActionsProps) {
  const [failed, setFailed] = useState(false);
  const confirm = async () => {
    setFailed(false);
    if (!(await onConfirm())) setFailed(true);
  };
  return (
    <>
      {failed ? (
        <p className="dialog__error" role="alert">
          {failureMessage}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button ref={cancelRef} type="button" className="button button--outline" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </>
  );
}
