import { composePage } from './storefront-pages.service.js';
import { DEMO_BANNER, withDemoBanner } from './demo-banner.js';

const shell = '<!doctype html><html><head><title>Jalaj</title></head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/assets/index.js"></script>\n  </body></html>';

describe('the demo banner', () => {
  it('stands before the React root, saying no real payments are taken', () => {
    const html = withDemoBanner(shell);
    expect(html).toContain(`${DEMO_BANNER}<div id="root"></div>`);
    expect(DEMO_BANNER).toContain('Demo shop: no real payments');
    expect(html.match(/demo-banner/g)).toHaveLength(1);
  });

  it('stays outside #root when a server-rendered page fills it', () => {
    const page = composePage(withDemoBanner(shell), { html: '<main>Plants</main>', initialData: {}, sources: [] }, '', ['/assets/index.js']);
    expect(page).toMatch(/<aside class="demo-banner"[^>]*>.*<\/aside><div id="root" inert><main>Plants<\/main><\/div>/);
  });
});
