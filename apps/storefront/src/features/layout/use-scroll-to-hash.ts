import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to (and focuses) the element named by the URL fragment after a
 * client-side navigation, which browsers only do by themselves for full page loads.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    // Moving focus too lets keyboard and screen-reader users continue from the section.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [hash, key]);
}
