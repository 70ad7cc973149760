import type { DemoPlant } from './plants.js';

/** A deterministic pseudo-random sequence, so a plant's picture is the same on every start. */
function rng(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

/**
 * An illustration of a plant in an aquarium (SVG, 800×800): water, substrate and the
 * plant drawn by its form. Made by the project itself because no photograph can be
 * fetched here; media renders it to WebP.
 */
export function plantIllustrationSvg(plant: DemoPlant): string {
  const r = rng(plant.slug);
  const [dark, light] = plant.art.leaf;
  const accent = plant.art.accent ?? light;
  const shapes: string[] = [];
  const base = 640;
  const leaf = (x: number, y: number, len: number, angle: number, width: number, color: string) =>
    `<path d="M0 0 C ${width} ${-len * 0.3}, ${width} ${-len * 0.8}, 0 ${-len} C ${-width} ${-len * 0.8}, ${-width} ${-len * 0.3}, 0 0 Z" fill="${color}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)})"/>`;

  switch (plant.art.form) {
    case 'rosette':
    case 'epiphyte': {
      const n = plant.art.form === 'rosette' ? 14 : 9;
      const cx = 400;
      const cy = plant.art.form === 'epiphyte' ? 560 : base;
      if (plant.art.form === 'epiphyte') shapes.push(`<path d="M180 600 Q400 520 640 610 L650 640 Q400 560 170 630 Z" fill="#6d4c2f"/>`);
      for (let i = 0; i < n; i++) {
        const angle = -70 + (140 * i) / (n - 1) + (r() - 0.5) * 10;
        const len = (plant.art.form === 'rosette' ? 300 : 170) * (0.7 + r() * 0.4);
        shapes.push(leaf(cx, cy, len, angle, plant.art.form === 'rosette' ? 38 : 55, i % 2 ? dark : light));
      }
      if (plant.art.accent) shapes.push(`<circle cx="${cx}" cy="${cy - 10}" r="14" fill="${accent}" opacity="0.8"/>`);
      break;
    }
    case 'ribbon':
    case 'grass': {
      const n = plant.art.form === 'grass' ? 40 : 12;
      for (let i = 0; i < n; i++) {
        const x = 200 + r() * 400;
        const h = (plant.art.form === 'grass' ? 180 : 360) * (0.6 + r() * 0.5);
        const bend = (r() - 0.5) * 120;
        const w = plant.art.form === 'grass' ? 3 : 16;
        shapes.push(`<path d="M${x} ${base} Q ${x + bend / 2} ${base - h / 2} ${x + bend} ${base - h}" stroke="${i % 3 ? dark : light}" stroke-width="${w}" fill="none" stroke-linecap="round"/>`);
      }
      break;
    }
    case 'stem': {
      for (let s = 0; s < 6; s++) {
        const x = 250 + s * 60 + (r() - 0.5) * 30;
        const h = 380 + r() * 120;
        shapes.push(`<path d="M${x} ${base} L${x} ${base - h}" stroke="${dark}" stroke-width="6"/>`);
        for (let y = base - 40; y > base - h; y -= 38) {
          const tip = y < base - h * 0.7;
          shapes.push(`<ellipse cx="${x - 22}" cy="${y}" rx="24" ry="10" fill="${tip ? accent : light}"/>`);
          shapes.push(`<ellipse cx="${x + 22}" cy="${y - 8}" rx="24" ry="10" fill="${tip ? accent : dark}"/>`);
        }
      }
      break;
    }
    case 'carpet':
    case 'moss': {
      for (let i = 0; i < 260; i++) {
        const x = 120 + r() * 560;
        const y = base - r() * (plant.art.form === 'carpet' ? 70 : 200);
        shapes.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(6 + r() * 8).toFixed(1)}" fill="${r() > 0.5 ? light : dark}"/>`);
      }
      break;
    }
  }
  const bubbles = Array.from({ length: 6 }, () => `<circle cx="${(100 + r() * 600).toFixed(0)}" cy="${(80 + r() * 400).toFixed(0)}" r="${(4 + r() * 8).toFixed(0)}" fill="#ffffff" opacity="0.35"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d8f1ec"/><stop offset="1" stop-color="#7cc5b8"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#w)"/>${bubbles}
<path d="M0 ${base} Q200 ${base - 20} 400 ${base} T800 ${base} V800 H0 Z" fill="#e6d3ae"/>
${shapes.join('\n')}
<path d="M0 700 Q200 680 400 700 T800 700 V800 H0 Z" fill="#d9c294"/>
</svg>`;
}
