import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SiteFooter } from '../layout/site-footer.js';
import { SiteHeader } from '../layout/site-header.js';
import { SkipLink } from '../layout/skip-link.js';
import { ArrowLeftIcon } from '../ui/icons.js';
import { pageTitle } from '../../seo/titles.js';
import './pages.css';

interface StaticPageProps {
  /** The page heading, also used in the document title. */
  readonly title: string;
  /** One sentence under the heading. */
  readonly lead: string;
  readonly children: ReactNode;
}

/** The frame of the About page and the policy pages: header, Back to Home, heading, content, footer. */
export function StaticPage({ title, lead, children }: StaticPageProps) {
  return (
    <>
      <title>{pageTitle(title)}</title>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="static-page">
        <div className="static-page__hero">
          <div className="container static-page__hero-inner">
            <Link to="/" className="static-page__back">
              <ArrowLeftIcon width={18} height={18} />
              Back to Home
            </Link>
            <h1 className="static-page__title">{title}</h1>
            <p className="static-page__lead">{lead}</p>
          </div>
        </div>
        <div className="container static-page__body">{children}</div>
      </main>
      <SiteFooter />
    </>
  );
}

/** One titled section of a static page. */
export function PageSection({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <section className="prose-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
