import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

interface SectionLinkProps {
  /** The id of a section of the landing page. */
  readonly sectionId: string;
  readonly className?: string;
  readonly onClick?: () => void;
  readonly children: ReactNode;
}

/**
 * A link to a section of the landing page, from any page. It routes to `/#id` (on the
 * landing page itself keeping the plant filters of the query) and {@link useScrollToHash}
 * jumps there: the browser's own scroll to a fragment would stop short by the height
 * the plant cards it passes gain once drawn (content-visibility), up to a screen on a phone.
 */
export function SectionLink({ sectionId, className, onClick, children }: SectionLinkProps) {
  const { pathname, search } = useLocation();
  return (
    <Link to={{ pathname: '/', search: pathname === '/' ? search : '', hash: `#${sectionId}` }} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
