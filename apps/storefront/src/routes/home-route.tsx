import { FeaturedPlants } from '../features/catalog/featured-plants.js';
import { Benefits } from '../features/home/benefits.js';
import { Hero } from '../features/home/hero.js';
import { Testimonials } from '../features/home/testimonials.js';
import { SiteFooter } from '../features/layout/site-footer.js';
import { SiteHeader } from '../features/layout/site-header.js';
import { SkipLink } from '../features/layout/skip-link.js';
import { useScrollToHash } from '../features/layout/use-scroll-to-hash.js';

/** `/`: the landing page. */
export function HomeRoute() {
  useScrollToHash();
  return (
    <>
      <title>Jalaj — Aquarium Plants Online in India</title>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1}>
        <Hero />
        <FeaturedPlants />
        <Benefits />
        <Testimonials />
      </main>
      <SiteFooter />
    </>
  );
}
