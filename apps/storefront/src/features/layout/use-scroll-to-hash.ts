import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A part of the page still loading (the plant list after a client-side navigation). */
const BUSY = 'main [aria-busy="true"]';

/** The longest wait for the page to finish loading before scrolling anyway. */
const MAX_WAIT_MS = 10_000;

/** What the shopper does to scroll by themselves, which ends the wait and the settling. */
const OWN_SCROLL = ['wheel', 'touchmove', 'keydown'] as const;

/** The most frames the target is watched after the jump (about half a second)… */
const SETTLE_FRAMES = 30;
/** …or until it has stayed put this many frames. */
const STEADY_FRAMES = 3;

/**
 * Jumps to `target`, then follows it while what lies above it is drawn: boxes drawn only
 * near the viewport (content-visibility) take their real height in the next frames and
 * move it. Returns what stops the following.
 */
function jumpTo(target: HTMLElement): () => void {
  const jump = () => {
    target.scrollIntoView({ block: 'start', behavior: 'instant' });
    return target.getBoundingClientRect().top;
  };
  let top = jump();
  let frames = 0;
  let steady = 0;
  let frame = 0;
  const follow = () => {
    if (Math.abs(target.getBoundingClientRect().top - top) > 1) {
      top = jump();
      steady = 0;
    } else steady += 1;
    frames += 1;
    if (steady < STEADY_FRAMES && frames < SETTLE_FRAMES) frame = requestAnimationFrame(follow);
  };
  frame = requestAnimationFrame(follow);
  return () => cancelAnimationFrame(frame);
}

/**
 * Jumps to (and focuses) the element named by the URL fragment: after a client-side
 * navigation, which browsers only follow by themselves on a full page load, and after
 * that load too, where the browser's own jump stops short of a section below the plant
 * cards (see {@link jumpTo}).
 *
 * A section above the target that is still loading (the landing page's plant list, when
 * the shopper comes from another page) grows once it has loaded and would push the target
 * thousands of pixels down after the jump: the jump waits until nothing in the page is
 * busy, at most {@link MAX_WAIT_MS}, and not at all once the shopper scrolls by themselves.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    const id = decodeURIComponent(hash.slice(1));
    let stopFollowing = () => {};
    const scroll = () => {
      const target = document.getElementById(id);
      if (!target) return;
      stopFollowing = jumpTo(target);
      // Moving focus too lets keyboard and screen-reader users continue from the section.
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(() => {
      if (document.querySelector(BUSY)) return;
      stopWaiting();
      scroll();
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    const stop = () => {
      stopWaiting();
      stopFollowing();
      for (const type of OWN_SCROLL) window.removeEventListener(type, stop);
    };
    for (const type of OWN_SCROLL) window.addEventListener(type, stop, { passive: true });
    if (!document.querySelector(BUSY)) scroll();
    else {
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
      timer = setTimeout(() => {
        stopWaiting();
        scroll();
      }, MAX_WAIT_MS);
    }
    return stop;
  }, [hash, key]);
}
