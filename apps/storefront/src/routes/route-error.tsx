import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

/** Shown when a page crashes while rendering, instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="not-found">
      <h1 className="not-found__title">Something went wrong</h1>
      <p className="not-found__text">Please reload the page. If the problem continues, try again in a few minutes.</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Reload Page
      </button>
    </main>
  );
}
