import { catalogSubjects, type Product } from '@jalaj/contracts';
import { clip, homeHead, notFoundHead, privateHead, productHead, staticHead } from './head-tags.js';

const SITE = { origin: 'https://jalaj.shop' };

/** The contract's product, with a name that needs escaping, no stock and a picture from elsewhere beside its own. */
const PLANT: Product = {
  ...catalogSubjects['rpc.catalog.products.get'].fixtures.reply.data,
  name: 'Anubias "Nana" & Co',
  imageUrls: ['/media/products/upl_01JD/large.webp', 'https://images.example.com/anubias.jpg'],
  stockQuantity: 0,
};

/** The content of the `<meta>` with this name or property. */
const metaOf = (tags: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(tags)?.[1];
const jsonLdOf = (tags: string) => [...tags.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

describe('productHead', () => {
  const head = productHead(SITE, PLANT);

  it('names the product in the title and the description, with its price', () => {
    expect(head.title).toBe('Anubias "Nana" & Co — Jalaj');
    expect(head.description).toBe('Anubias "Nana" & Co for ₹249.00 at Jalaj. Hardy, slow-growing epiphyte for rocks and driftwood.');
    expect(head.status).toBe(200);
    expect(head.private).toBe(false);
  });

  it('gives the canonical URL and a link preview with the picture as an absolute URL and the price in INR', () => {
    expect(head.tags).toContain('<link rel="canonical" href="https://jalaj.shop/product/prd_01JD0000000000000000000000">');
    expect(metaOf(head.tags, 'og:type')).toBe('product');
    expect(metaOf(head.tags, 'og:title')).toBe('Anubias &quot;Nana&quot; &amp; Co — Jalaj');
    expect(metaOf(head.tags, 'og:image')).toBe('https://jalaj.shop/media/products/upl_01JD/large.webp');
    expect(metaOf(head.tags, 'product:price:amount')).toBe('249.00');
    expect(metaOf(head.tags, 'product:price:currency')).toBe('INR');
    expect(metaOf(head.tags, 'product:availability')).toBe('out of stock');
    expect(metaOf(head.tags, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(head.tags, 'twitter:image')).toBe('https://jalaj.shop/media/products/upl_01JD/large.webp');
  });

  it('describes it as a Product with an Offer from the shop, and a BreadcrumbList', () => {
    const [product, breadcrumbs] = jsonLdOf(head.tags);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: PLANT.name,
      sku: PLANT.id,
      image: ['https://jalaj.shop/media/products/upl_01JD/large.webp', 'https://images.example.com/anubias.jpg'],
      offers: {
        '@type': 'Offer',
        price: '249.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/OutOfStock',
        seller: { '@type': 'Organization', '@id': 'https://jalaj.shop/#organization', name: 'Jalaj' },
      },
    });
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: { '@id': 'https://jalaj.shop/' } },
        { position: 2, name: PLANT.name, item: { '@id': 'https://jalaj.shop/product/prd_01JD0000000000000000000000' } },
      ],
    });
  });

  it('in stock reads InStock', () => {
    const [product] = jsonLdOf(productHead(SITE, { ...PLANT, stockQuantity: 3 }).tags);
    expect((product!['offers'] as Record<string, unknown>)['availability']).toBe('https://schema.org/InStock');
  });

  it('no text of the product can close the JSON-LD script', () => {
    const tags = productHead(SITE, { ...PLANT, description: '</script><script>alert(1)</script>' }).tags;
    expect(tags.match(/<\/script>/g)).toHaveLength(2);
    expect((jsonLdOf(tags)[0]!)['description']).toBe('</script><script>alert(1)</script>');
  });

  it('a product without pictures gets a summary card and no image', () => {
    const tags = productHead(SITE, { ...PLANT, imageUrls: [] }).tags;
    expect(metaOf(tags, 'twitter:card')).toBe('summary');
    expect(metaOf(tags, 'og:image')).toBeUndefined();
    expect(jsonLdOf(tags)[0]).not.toHaveProperty('image');
  });
});

describe('the other pages', () => {
  it('the landing page is the shop: an Organization and a WebSite', () => {
    const head = homeHead(SITE);
    expect(head.title).toBe('Jalaj — Aquarium Plants Online in India');
    expect(head.tags).toContain('<link rel="canonical" href="https://jalaj.shop/">');
    expect(jsonLdOf(head.tags).map((d) => d['@type'])).toEqual(['Organization', 'WebSite']);
  });

  it('About and the policies are titled and described by their heading and lead', () => {
    const head = staticHead(SITE, { path: '/refund-policy', name: 'Refund Policy', description: 'Returns, refunds and our guarantee.' });
    expect(head).toMatchObject({ status: 200, title: 'Refund Policy — Jalaj', description: 'Returns, refunds and our guarantee.' });
    expect(head.tags).toContain('<link rel="canonical" href="https://jalaj.shop/refund-policy">');
    expect(metaOf(head.tags, 'og:url')).toBe('https://jalaj.shop/refund-policy');
  });

  it('a private page is noindex and private, with no canonical link', () => {
    expect(privateHead()).toEqual({ status: 200, private: true, title: null, description: null, tags: '<meta name="robots" content="noindex">' });
  });

  it('an unknown address or product is a 404 with its own title', () => {
    expect(notFoundHead()).toMatchObject({ status: 404, title: 'Page not found — Jalaj' });
    expect(notFoundHead(true)).toMatchObject({ status: 404, title: 'Product not found — Jalaj' });
  });
});

describe('clip', () => {
  it('keeps a short text and cuts a long one at a word, within 160 characters', () => {
    expect(clip('Short  and\nsweet.')).toBe('Short and sweet.');
    const long = `${'word '.repeat(50)}end`;
    const cut = clip(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
  });
});
