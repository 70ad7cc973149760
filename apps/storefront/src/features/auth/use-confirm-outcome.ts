import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ToastInput, useToast } from '../toast/toast-provider.js';

/**
 * Where the BFF sends a mailed confirmation link, it says how it went in the URL
 * (`/?confirm=done`, `/auth?confirm=invalid`): this says so once, as a toast, and tidies the
 * URL, so that a reload or a shared address says nothing.
 *
 * @param value - The value of `confirm` this page reports.
 * @param toast - What it says.
 */
export function useConfirmOutcome(value: 'done' | 'invalid', toast: ToastInput): void {
  const [params, setParams] = useSearchParams();
  const show = useToast();
  const reported = useRef(false);
  const arrived = params.get('confirm') === value;

  useEffect(() => {
    if (!arrived || reported.current) return;
    reported.current = true;
    show(toast);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('confirm');
        return next;
      },
      { replace: true },
    );
  }, [arrived, show, toast, setParams]);
}
