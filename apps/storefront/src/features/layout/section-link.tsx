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
 * A link to a section of the landing page. On the landing page itself it is a
 * plain fragment link, so the browser scrolls and moves focus natively; from
 * any other page it routes to `/#id` and {@link useScrollToHash} finishes the job.
 */
export function SectionLink({ sectionId, className, onClick, children }: SectionLinkProps) {
  const { pathname } = useLocation();
  if (pathname === '/') {
    return (
      <a href={`#${sectionId}`} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link to={{ pathname: '/', hash: `#${sectionId}` }} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
