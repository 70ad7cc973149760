import { PAGE_BOOT_SCRIPT } from './page-boot.js';
import { composePage, pageAssets, type ViteManifest } from './storefront-pages.service.js';

const TEMPLATE = `<!doctype html>
<html lang="en-IN">
  <head>
    <title>Jalaj — Aquarium Plants Online in India</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-A.js', imports: ['_react-B.js', '_header-D.js'], css: ['assets/index-C.css'] },
  '_react-B.js': { file: 'assets/react-B.js' },
  '_header-D.js': { file: 'assets/header-D.js', css: ['assets/header-E.css'] },
  'src/routes/product-route.tsx': { file: 'assets/product-F.js', imports: ['index.html', '_react-B.js'], css: ['assets/product-G.css'] },
};

describe('pageAssets', () => {
  it('lists the entry first, then everything imported, and the styles imports first', () => {
    expect(pageAssets(MANIFEST, [])).toEqual({ css: ['/assets/header-E.css', '/assets/index-C.css'], modules: ['/assets/index-A.js', '/assets/react-B.js', '/assets/header-D.js'] });
  });

  it('adds an on-demand page with its styles, once each', () => {
    const assets = pageAssets(MANIFEST, ['src/routes/product-route.tsx']);
    expect(assets.css).toEqual(['/assets/header-E.css', '/assets/index-C.css', '/assets/product-G.css']);
    expect(assets.modules).toEqual(['/assets/index-A.js', '/assets/react-B.js', '/assets/header-D.js', '/assets/product-F.js']);
  });
});

describe('composePage', () => {
  const rendered = {
    html: '<link rel="preload" as="image" href="/media/p/large.webp"/><title>Anubias nana — Jalaj</title><main><h1>Anubias nana</h1></main>',
    initialData: { '/api/products/prd_1': { name: '</script><script>alert(1)</script>' } },
    sources: [],
  };
  const page = composePage(TEMPLATE, rendered, '.a{color:red}', ['/assets/index-A.js', '/assets/react-B.js'], ['/assets/index-A.css']);

  it('puts the markup in #root, inert until the scripts take it over', () => {
    expect(page).toContain('<div id="root" inert><main><h1>Anubias nana</h1></main></div>');
  });

  it('moves the title and preloads to the head and inlines the styles', () => {
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<title>Anubias nana — Jalaj</title>');
    expect(head).not.toContain('Aquarium Plants Online');
    expect(head).toContain('<link rel="preload" as="image" href="/media/p/large.webp"/>');
    expect(head).toContain('<style>.a{color:red}</style>');
  });

  it('names each inlined style file by a disabled link, so the page loader does not add it again', () => {
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/index-A.css" disabled><style>');
  });

  it('replaces the shell’s script and style tags with the boot script', () => {
    expect(page).not.toMatch(/<script type="module"|rel="modulepreload"|rel="stylesheet"(?! href="[^"]*" disabled>)/);
    expect(page).toContain(`<script data-modules="/assets/index-A.js /assets/react-B.js">${PAGE_BOOT_SCRIPT}</script>`);
  });

  it('carries the API replies as JSON that no text can break out of', () => {
    const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(page)![1]!;
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual(rendered.initialData);
  });
});
