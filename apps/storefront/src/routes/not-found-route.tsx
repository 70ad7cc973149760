import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BrandLink } from '../features/layout/site-header.js';
import { NOT_FOUND_TITLE } from '../seo/titles.js';

/** Any unknown path: the 404 page. */
export function NotFoundRoute() {
  const { pathname } = useLocation();

  useEffect(() => {
    // Spec §2: the bad path is logged, so broken links can be found in the console.
    console.warn(`404 Error: User attempted to access non-existent route: ${pathname}`);
  }, [pathname]);

  return (
    <>
      <title>{NOT_FOUND_TITLE}</title>
      <main className="not-found">
        <BrandLink />
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="not-found__title">Oops! Page not found</h1>
        <p className="not-found__text">The page you are looking for has drifted away.</p>
        <Link to="/" className="button button--primary">
          Return to Home
        </Link>
      </main>
    </>
  );
}
