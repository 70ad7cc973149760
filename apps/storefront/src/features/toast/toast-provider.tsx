import { boxesToKeepClear, NOTICE_REGION_ATTRIBUTE, placeNotice, watchControlsInUse } from '@jalaj/web-kit';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { CloseIcon } from '../ui/icons.js';

/** What a toast says. */
export interface ToastInput {
  readonly title: string;
  readonly description?: string;
  readonly tone?: 'info' | 'success' | 'error';
}

interface Toast extends ToastInput {
  readonly id: number;
}

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);

interface OutletContextValue {
  readonly toasts: readonly Toast[];
  readonly dismiss: (id: number) => void;
  /** The outlet that shows the toasts now: the most recently opened one. */
  readonly activeOutlet: string | null;
  readonly register: (id: string) => () => void;
}

const OutletContext = createContext<OutletContextValue | null>(null);

// Long enough to read a title and a sentence; the close button is there for anyone faster.
const TOAST_LIFETIME_MS = 5000;
const MAX_VISIBLE_TOASTS = 3;

/**
 * Shows short notifications in one polite live region (or, while a modal
 * dialog is open, in the dialog's {@link ToastOutlet}). The region is always
 * in the document, because screen readers announce changes inside an existing
 * live region far more reliably than a live region that appears with its content.
 */
export function ToastProvider({ children }: { readonly children?: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ShowToast>(
    (input) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { ...input, id }].slice(-MAX_VISIBLE_TOASTS));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_LIFETIME_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    watchControlsInUse();
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const [outlets, setOutlets] = useState<string[]>([]);
  const register = useCallback((id: string) => {
    setOutlets((current) => [...current, id]);
    return () => setOutlets((current) => current.filter((outlet) => outlet !== id));
  }, []);
  const activeOutlet = outlets.at(-1) ?? null;
  const outletContext = useMemo(() => ({ toasts, dismiss, activeOutlet, register }), [toasts, dismiss, activeOutlet, register]);

  return (
    <ToastContext value={show}>
      <OutletContext value={outletContext}>
        {children}
        <ToastRegion toasts={activeOutlet === null ? toasts : []} dismiss={dismiss} />
      </OutletContext>
    </ToastContext>
  );
}

/**
 * Where the stack stands: it is tried at both edges as the stylesheet places them (above a
 * phone's Pay bar, below the header...) and takes the one where it covers nothing the user is
 * working with (web-kit's notice placement), before the browser paints.
 */
type Edge = 'bottom' | 'top';

function placeStack(region: HTMLElement, stack: HTMLElement): Edge {
  const at = (edge: Edge) => {
    region.dataset.edge = edge;
    return { placement: edge, box: stack.getBoundingClientRect() };
  };
  const edge = placeNotice([at('bottom'), at('top')], boxesToKeepClear());
  region.dataset.edge = edge;
  return edge;
}

function ToastRegion({ toasts, dismiss }: { readonly toasts: readonly Toast[]; readonly dismiss: (id: number) => void }) {
  const region = useRef<HTMLElement>(null);
  const stack = useRef<HTMLDivElement>(null);
  const [edge, setEdge] = useState<Edge>('bottom');
  // Placed when a toast arrives; the stack then stays where it is until it empties.
  const newest = toasts.at(-1)?.id;
  useLayoutEffect(() => {
    if (newest === undefined || !region.current || !stack.current) return;
    setEdge(placeStack(region.current, stack.current));
  }, [newest]);

  return (
    <section ref={region} className="toast-region" aria-label="Notifications" data-edge={edge} {...{ [NOTICE_REGION_ATTRIBUTE]: '' }}>
      <div ref={stack} role="status" aria-live="polite" className="toast-stack">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.tone ?? 'info'}`}>
            <div className="toast__text">
              <p className="toast__title">{toast.title}</p>
              {toast.description ? <p className="toast__description">{toast.description}</p> : null}
            </div>
            <button type="button" className="toast__close" onClick={() => dismiss(toast.id)} aria-label="Dismiss notification">
              <CloseIcon width={18} height={18} />
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * Where toasts appear while a modal dialog is open. A modal `<dialog>` sits in
 * the browser's top layer and makes the rest of the page inert, so toasts
 * rendered outside it would be hidden under the backdrop and never announced.
 * Each open dialog renders one; the most recently opened shows the toasts.
 */
export function ToastOutlet() {
  const context = useContext(OutletContext);
  const id = useId();
  const register = context?.register;
  useLayoutEffect(() => register?.(id), [register, id]);
  if (!context) return null;
  return <ToastRegion toasts={context.activeOutlet === id ? context.toasts : []} dismiss={context.dismiss} />;
}

/**
 * Returns the function that shows a toast.
 *
 * @throws Error when used outside a {@link ToastProvider}.
 */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (show === null) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
