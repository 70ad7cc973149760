import { publicOrigin, withHead } from './storefront-heads.service.js';

const SHELL = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta name="description" content="Jalaj sells healthy aquarium plants." />
    <title>Jalaj — Aquarium Plants Online in India</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('withHead', () => {
  it('puts the page’s title and description in place of the shell’s and its tags at the end of the head', () => {
    const html = withHead(SHELL, { status: 200, private: false, title: 'About Us — Jalaj', description: 'A small "nursery" & more', tags: '<link rel="canonical" href="https://jalaj.shop/about-us">' });
    expect(html).toContain('<title>About Us — Jalaj</title>');
    expect(html).not.toContain('Aquarium Plants Online');
    expect(html).toContain('<meta name="description" content="A small &quot;nursery&quot; &amp; more" />');
    expect(html).toMatch(/<link rel="canonical" href="https:\/\/jalaj.shop\/about-us">\s*<\/head>/);
  });

  it('keeps the shell’s title and description when the page has none of its own', () => {
    const html = withHead(SHELL, { status: 200, private: true, title: null, description: null, tags: '<meta name="robots" content="noindex">' });
    expect(html).toContain('<title>Jalaj — Aquarium Plants Online in India</title>');
    expect(html).toContain('content="Jalaj sells healthy aquarium plants."');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('a title cannot open an element', () => {
    expect(withHead(SHELL, { status: 200, private: false, title: '</title><script>x</script>', description: null, tags: '' })).toContain('<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>');
  });
});

describe('publicOrigin', () => {
  it('is PUBLIC_URL’s origin, without its path', () => {
    expect(publicOrigin({ PUBLIC_URL: 'https://jalaj.shop/anything/', PORT: 8080 })).toBe('https://jalaj.shop');
  });

  it('is this BFF on localhost without one, or with a malformed one', () => {
    expect(publicOrigin({ PUBLIC_URL: undefined, PORT: 8180 })).toBe('http://localhost:8180');
    expect(publicOrigin({ PUBLIC_URL: 'not a url', PORT: 8080 })).toBe('http://localhost:8080');
  });
});
