import { App } from 'antd';
import { type ReactNode, useCallback } from 'react';

/** What a confirmation asks. */
export interface ConfirmRequest {
  /** The dialog's title, which names it for screen readers. */
  readonly title: string;
  /** The question, with what the action will do. */
  readonly content: ReactNode;
  /** The destructive button's label ('Delete', 'Remove'). */
  readonly okText: string;
  /** False for an action that destroys nothing but cannot be taken back (approving a guarantee claim): its button is the primary one, not red. */
  readonly danger?: boolean;
  /** Runs the action; the dialog waits with its button loading and closes when it settles. */
  readonly onConfirm: () => Promise<void>;
}

/**
 * Asks before a destructive action in a modal dialog (antd's confirm: `role="dialog"`,
 * labelled by its title), never a popover that screen readers do not announce (issue #42).
 * Focus moves to Cancel, so Enter does no harm, and returns to the button that opened it when
 * it closes; Escape and Cancel close it, a click beside it does not.
 */
export function useConfirm(): (request: ConfirmRequest) => void {
  const { modal } = App.useApp();
  return useCallback(
    ({ title, content, okText, danger = true, onConfirm }: ConfirmRequest) => {
      modal.confirm({
        title,
        content,
        okText,
        okButtonProps: { danger },
        cancelText: 'Cancel',
        autoFocusButton: 'cancel',
        keyboard: true,
        mask: { closable: false },
        onOk: onConfirm,
      });
    },
    [modal],
  );
}
