import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A part of the page still loading (the plant list after a client-side navigation). */
const BUSY = 'main [aria-busy="true"]';

/** The longest wait for the page to finish loading before scrolling anyway. */
const MAX_WAIT_MS = 10_000;

/** What the shopper does to scroll by themselves, which ends the wait. */
const OWN_SCROLL = ['wheel', 'touchmove', 'keydown'] as const;

/**
 * Scrolls to (and focuses) the element named by the URL fragment after a
 * client-side navigation, which browsers only do by themselves for full page loads.
 *
 * A section above the target that is still loading (the landing page's plant list, when
 * the shopper comes from another page) grows once it has loaded and would push the target
 * thousands of pixels down after the scroll: the scroll waits until nothing in the page is
 * busy, at most {@link MAX_WAIT_MS}, and not at all once the shopper scrolls by themselves.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    const id = decodeURIComponent(hash.slice(1));
    const scroll = () => {
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      // Moving focus too lets keyboard and screen-reader users continue from the section.
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    if (!document.querySelector(BUSY)) {
      scroll();
      return;
    }
    const observer = new MutationObserver(() => {
      if (document.querySelector(BUSY)) return;
      stop();
      scroll();
    });
    const timer = setTimeout(() => {
      stop();
      scroll();
    }, MAX_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of OWN_SCROLL) window.removeEventListener(type, stop);
    };
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
    for (const type of OWN_SCROLL) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [hash, key]);
}
