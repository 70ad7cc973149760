import { AboutPage } from '../features/pages/about-page.js';

/** `/about-us`: the About page. */
export function AboutRoute() {
  return <AboutPage />;
}
