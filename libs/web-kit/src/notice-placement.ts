/**
 * Where a notice (a toast, an antd notification) may appear: where each app shows them first
 * (at the bottom), unless there it would cover what the user is working with, then in the
 * next place the app offers (the other side, the top; issue #42). What a notice keeps clear
 * of: the controls used last (the button pressed, and the one that opened the dialog it was
 * in), the focused element, and whatever the page marks with {@link KEEP_CLEAR_ATTRIBUTE}
 * (a payment card, a refund form, the phone checkout's address lines).
 */

/** A rectangle in viewport coordinates (CSS pixels), as `getBoundingClientRect()` gives it. */
export interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/** Marks an element no notice may cover while it is on screen: `<section data-notice-clear>`. */
export const KEEP_CLEAR_ATTRIBUTE = 'data-notice-clear';

/** Marks where notices stand, whose own buttons are not controls to keep clear. */
export const NOTICE_REGION_ATTRIBUTE = 'data-notice-region';

/** The area two boxes share, 0 when they do not overlap. */
export function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** A place a notice may take, and where it would stand there. */
export interface NoticePlace<P extends string> {
  readonly placement: P;
  readonly box: Box;
}

/**
 * The place for a notice: the first of `places` (in order of preference) that covers none of
 * `keepClear`, else the one that covers least of it.
 */
export function placeNotice<P extends string>(places: readonly [NoticePlace<P>, ...NoticePlace<P>[]], keepClear: readonly Box[]): P {
  const covered = (place: NoticePlace<P>) => keepClear.reduce((sum, box) => sum + overlapArea(place.box, box), 0);
  let best = places[0];
  let bestCovered = covered(best);
  for (const place of places.slice(1)) {
    if (bestCovered === 0) break;
    const area = covered(place);
    if (area < bestCovered) [best, bestCovered] = [place, area];
  }
  return best.placement;
}

/** What counts as a control when the user presses on something inside it. */
const CONTROL_SELECTOR = 'button, a[href], input, select, textarea, summary, label, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="option"], [tabindex]:not([tabindex="-1"])';

/** How many of the controls used last are kept clear: the one pressed and the one before (a dialog's opener). */
const REMEMBERED_CONTROLS = 2;

const lastUsed: WeakRef<Element>[] = [];
const watched = new WeakSet<Document>();

function remember(target: EventTarget | null): void {
  const control = target instanceof Element ? target.closest(CONTROL_SELECTOR) : null;
  // A press beside any control, or on a notice (its close button), changes nothing.
  if (!control || control.closest(`[${NOTICE_REGION_ATTRIBUTE}], .ant-notification`)) return;
  const index = lastUsed.findIndex((ref) => ref.deref() === control);
  if (index >= 0) lastUsed.splice(index, 1);
  lastUsed.push(new WeakRef(control));
  if (lastUsed.length > REMEMBERED_CONTROLS) lastUsed.shift();
}

/**
 * Starts remembering the controls the user presses or types into (once per document; later
 * calls do nothing). The listeners capture, so a handler that stops the event cannot hide it.
 */
export function watchControlsInUse(doc: Document = document): void {
  if (watched.has(doc)) return;
  watched.add(doc);
  doc.addEventListener('pointerdown', (event) => remember(event.target), { capture: true, passive: true });
  doc.addEventListener('keydown', (event) => remember(event.target), { capture: true, passive: true });
}

/** An element's box, when it is in the document and drawn; an element's group when it is marked as one. */
function boxOf(element: Element | null | undefined): Box | null {
  if (!element?.isConnected) return null;
  const box = (element.closest(`[${KEEP_CLEAR_ATTRIBUTE}]`) ?? element).getBoundingClientRect();
  return box.width > 0 && box.height > 0 ? box : null;
}

/**
 * What a notice shown now must not cover: the controls used last (with the group around
 * them that is marked {@link KEEP_CLEAR_ATTRIBUTE}), the focused element, and every marked
 * element on screen.
 */
export function boxesToKeepClear(doc: Document = document): Box[] {
  const focused = doc.activeElement === doc.body ? null : doc.activeElement;
  const elements = [...lastUsed.map((ref) => ref.deref()), focused, ...doc.querySelectorAll(`[${KEEP_CLEAR_ATTRIBUTE}]`)];
  return elements.map(boxOf).filter((box): box is Box => box !== null);
}
