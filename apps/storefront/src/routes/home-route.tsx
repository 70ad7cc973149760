import { renderMessage } from '@jalaj/commerce';
import { useConfirmOutcome } from '../features/auth/use-confirm-outcome.js';
import { FeaturedPlants } from '../features/catalog/featured-plants.js';
import { Benefits } from '../features/home/benefits.js';
import { Hero } from '../features/home/hero.js';
import { HydrateLater } from '../features/layout/hydrate-later.js';
import { Testimonials } from '../features/home/testimonials.js';
import { SiteFooter } from '../features/layout/site-footer.js';
import { SiteHeader } from '../features/layout/site-header.js';
import { SkipLink } from '../features/layout/skip-link.js';
import { useScrollToHash } from '../features/layout/use-scroll-to-hash.js';
import { HOME_TITLE } from '../seo/titles.js';

const confirmed = renderMessage('EMAIL_CONFIRMED');
/** What a followed confirmation link says: confirmed, now sign in (it never signs in itself). */
const EMAIL_CONFIRMED = { title: confirmed.title ?? '', description: confirmed.message, tone: 'success' } as const;

/** `/`: the landing page; also where a mailed confirmation link lands (`/?confirm=done`). */
export function HomeRoute() {
  useScrollToHash();
  useConfirmOutcome('done', EMAIL_CONFIRMED);
  return (
    <>
      <title>{HOME_TITLE}</title>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1}>
        <Hero />
        {/* The header and the hero answer first; the sections below them are taken over after. */}
        <HydrateLater>
          <FeaturedPlants />
        </HydrateLater>
        <HydrateLater>
          <Benefits />
          <Testimonials />
        </HydrateLater>
      </main>
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
    </>
  );
}
