import { plantIllustrationSvg } from './art.js';
import { DEMO_PLANTS, demoImageKey, type DemoPlant } from './plants.js';

const LEVELS = ['low', 'medium', 'high'];

describe('DEMO_PLANTS', () => {
  it('has at least 24 plants', () => {
    expect(DEMO_PLANTS.length).toBeGreaterThanOrEqual(24);
  });

  it('keeps the original six first, in order', () => {
    expect(DEMO_PLANTS.slice(0, 6).map((p) => [p.slug, p.pricePaise])).toEqual([
      ['anubias-nana', 24900],
      ['java-fern', 19900],
      ['cryptocoryne-wendtii', 14900],
      ['amazon-sword', 17900],
      ['rotala-rotundifolia', 12900],
      ['monte-carlo', 29900],
    ]);
  });

  it('has unique, kebab-case slugs and unique names', () => {
    const slugs = DEMO_PLANTS.map((p) => p.slug);
    const names = DEMO_PLANTS.map((p) => p.name.toLowerCase());
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(names).size).toBe(names.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it.each(DEMO_PLANTS.map((p) => [p.slug, p] as const))('%s has valid shop data', (_slug, p: DemoPlant) => {
    expect(p.name.trim()).not.toBe('');
    expect(p.description.length).toBeGreaterThan(40);
    expect(p.description.length).toBeLessThanOrEqual(4000);
    expect(Number.isInteger(p.pricePaise)).toBe(true);
    expect(p.pricePaise).toBeGreaterThan(0);
    expect(Number.isInteger(p.stockQuantity)).toBe(true);
    expect(p.stockQuantity).toBeGreaterThan(0);
    expect(['foreground', 'midground', 'background']).toContain(p.category);
    expect(['easy', 'medium', 'advance']).toContain(p.plantDifficulty);
    expect(['yes', 'no', 'na']).toContain(p.co2Requirement);
    expect(LEVELS).toContain(p.lightRequirement);
    expect(LEVELS).toContain(p.carbonateHardnessKh);
    expect(LEVELS).toContain(p.generalHardnessGh);
    for (const colour of [...p.art.leaf, ...(p.art.accent ? [p.art.accent] : [])]) expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(demoImageKey(p.slug, 'card')).toBe(`demo/${p.slug}/card.webp`);
  });
});

describe('plantIllustrationSvg', () => {
  it.each(DEMO_PLANTS.map((p) => [p.slug, p] as const))('draws %s as a well-formed SVG', (_slug, p: DemoPlant) => {
    const svg = plantIllustrationSvg(p);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('viewBox="0 0 800 800"');
    // Only plain SVG that librsvg renders: no text, images, filters or outside references.
    expect(svg).not.toMatch(/<(text|image|filter|foreignObject|script)\b/);
    expect(svg).not.toMatch(/NaN|Infinity|undefined/);
    expect(svg).not.toMatch(/href=/);
    // Elements nest properly and the root closes last.
    const stack: string[] = [];
    for (const [, close, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)\b[^>]*?(\/?)>/g)) {
      if (close) expect(stack.pop()).toBe(name);
      else if (!selfClosing) stack.push(name);
    }
    expect(stack).toEqual([]);
    // Every gradient used is defined.
    const defined = new Set([...svg.matchAll(/id="([^"]+)"/g)].map((m) => m[1]));
    for (const [, id] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(defined).toContain(id);
  });

  it('is the same every time for the same plant', () => {
    for (const p of DEMO_PLANTS) expect(plantIllustrationSvg(p)).toBe(plantIllustrationSvg({ ...p }));
  });

  it('differs between plants', () => {
    const all = DEMO_PLANTS.map(plantIllustrationSvg);
    expect(new Set(all).size).toBe(all.length);
    expect(all[0]).not.toBe(all[1]);
  });
});
