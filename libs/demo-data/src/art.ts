import type { DemoPlant, PlantArt } from './plants.js';

/*
 * Illustrations of the demo plants: plain SVG (paths, gradients, ellipses, groups,
 * transforms, opacity) so librsvg can render it without fonts, filters or images.
 * Leaves are built from outlines in their own coordinates (base at 0,0, tip up),
 * then placed with translate/rotate; many tiny marks (moss, grass, carpet leaves)
 * are round-capped strokes gathered into a few paths per colour.
 */

type Rand = () => number;
type Pt = [number, number];

/** A deterministic pseudo-random sequence, so a plant's picture is the same on every start. */
function rng(seed: string): Rand {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

/** A coordinate, to one decimal. */
const f = (v: number) => String(Math.round(v * 10) / 10);
const pt = (p: Pt) => `${f(p[0])} ${f(p[1])}`;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const deg = (rad: number) => (rad * 180) / Math.PI;
const rad = (d: number) => (d * Math.PI) / 180;

// ---------- colour ----------

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const v = parseInt(h.length === 3 ? [...h].map((c) => c + c).join('') : h, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
function mix(a: string, b: string, t: number): string {
  const [x, y] = [rgb(a), rgb(b)];
  const k = clamp(t, 0, 1);
  return `#${x.map((c, i) => Math.round(c + (y[i] - c) * k).toString(16).padStart(2, '0')).join('')}`;
}
const shade = (c: string, t: number) => mix(c, '#0c2a24', t);
const tint = (c: string, t: number) => mix(c, '#ffffff', t);

// ---------- geometry ----------

/** A smooth path through points (quadratic curves through the midpoints); a repeated point makes a corner. */
function smooth(pts: Pt[], close: boolean): string {
  let d = `M${pt(pts[0])}`;
  for (let i = 1; i < pts.length - 1; i++) {
    const [x, y] = pts[i];
    const [nx, ny] = pts[i + 1];
    d += `Q${f(x)} ${f(y)} ${f((x + nx) / 2)} ${f((y + ny) / 2)}`;
  }
  d += `L${pt(pts[pts.length - 1])}`;
  return close ? `${d}Z` : d;
}

const quad = (a: Pt, b: Pt, c: Pt, t: number): Pt => [
  (1 - t) * (1 - t) * a[0] + 2 * (1 - t) * t * b[0] + t * t * c[0],
  (1 - t) * (1 - t) * a[1] + 2 * (1 - t) * t * b[1] + t * t * c[1],
];
const cubic = (a: Pt, b: Pt, c: Pt, d: Pt, t: number): Pt => {
  const u = 1 - t;
  return [
    u * u * u * a[0] + 3 * u * u * t * b[0] + 3 * u * t * t * c[0] + t * t * t * d[0],
    u * u * u * a[1] + 3 * u * u * t * b[1] + 3 * u * t * t * c[1] + t * t * t * d[1],
  ];
};

/** Leaf outlines: half-width (0–1) along the blade (0 base, 1 tip). */
const PROFILES = {
  sword: (t: number) => Math.pow(Math.max(0, Math.sin(Math.PI * Math.pow(t, 0.7))), 0.9),
  oval: (t: number) => Math.pow(Math.max(0, Math.sin(Math.PI * Math.pow(t, 0.85))), 0.6),
  lance: (t: number) => Math.pow(Math.max(0, Math.sin(Math.PI * Math.pow(t, 0.55))), 1.2),
  heart: (t: number) => Math.pow(Math.max(0, Math.sin(Math.PI * Math.pow(t, 0.6))), 0.55),
  ribbon: (t: number) => Math.sqrt(Math.min(1, t * 10)) * (t > 0.85 ? Math.sqrt(Math.max(0, (1 - t) / 0.15)) : 1),
  round: (t: number) => Math.sqrt(Math.max(0, Math.sin(Math.PI * t))),
};
type Profile = keyof typeof PROFILES;

interface LeafSpec {
  len: number;
  width: number;
  profile: Profile;
  /** Sideways curve of the tip, as a share of the length (positive: to the right). */
  bend?: number;
  /** Waviness of the edges (share of the width) and how many waves. */
  wave?: number;
  freq?: number;
  /** Share of the length that is stalk. */
  stalk?: number;
}

function leafGeom(s: LeafSpec) {
  const b = s.bend ?? 0;
  const st = s.stalk ?? 0;
  const mid = (t: number): Pt => [b * s.len * t * t, -s.len * t];
  const half = (t: number, side: number) => {
    if (t <= st) return Math.max(1.2, s.width * 0.06);
    const u = (t - st) / (1 - st);
    const w = s.width * PROFILES[s.profile](u);
    return s.wave ? w * (1 + s.wave * Math.sin((s.freq ?? 8) * Math.PI * u + side * 1.1)) : w;
  };
  const edge = (t: number, side: 1 | -1, k = 1): Pt => {
    const [x, y] = mid(t);
    const g = 2 * b * t;
    const n = Math.hypot(1, g);
    const h = half(t, side) * side * k;
    return [x + h / n, y + (h * g) / n];
  };
  /** Direction of the blade at its tip, degrees from vertical. */
  const tipAngle = deg(Math.atan(2 * b));
  return { mid, half, edge, tipAngle };
}

function leafOutline(s: LeafSpec): string {
  const g = leafGeom(s);
  const steps = clamp(Math.round(s.len / 7 + (s.wave ? (s.freq ?? 8) * 2 : 0)), 6, 64);
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    left.push(g.edge(i / steps, -1));
    right.push(g.edge(i / steps, 1));
  }
  const tip = g.mid(1);
  return smooth([...left.slice(0, -1), tip, tip, ...right.slice(0, -1).reverse()], true);
}

interface LeafLook {
  fill: string;
  /** Midrib colour. */
  rib?: string;
  /** Colour of the leaf stalk, where the leaf has one. */
  stalk?: string;
  /** Side veins colour. */
  veins?: string;
  opacity?: number;
  /** Speckles: colour, how many, and the random source. */
  spots?: { color: string; n: number; r: Rand };
  /** Extra markup drawn in the leaf's coordinates. */
  extra?: string;
}

/** One leaf, based at (x, y), turned by `angle` degrees (0 = straight up). */
function leaf(x: number, y: number, angle: number, s: LeafSpec, look: LeafLook): string {
  const g = leafGeom(s);
  let body = `<path d="${leafOutline(s)}" fill="${look.fill}"/>`;
  if (look.stalk && s.stalk) {
    body += `<path d="M0 0L${pt(g.mid(s.stalk * 1.05))}" stroke="${look.stalk}" stroke-width="${f(Math.max(2.4, s.width * 0.13))}" stroke-linecap="round"/>`;
  }
  if (look.veins) {
    let d = '';
    const st = s.stalk ?? 0;
    for (let t = st + 0.12; t < 0.86; t += 0.1) {
      for (const side of [-1, 1] as const) d += `M${pt(g.mid(t))}Q${pt(g.edge(t + 0.05, side, 0.5))} ${pt(g.edge(t + 0.12, side, 0.85))}`;
    }
    body += `<path d="${d}" fill="none" stroke="${look.veins}" stroke-width="${f(Math.max(0.8, s.width * 0.035))}" opacity="0.45"/>`;
  }
  if (look.rib) {
    const ribPts: Pt[] = [];
    const st = (s.stalk ?? 0) * 0.9;
    for (let i = 0; i <= 8; i++) ribPts.push(g.mid(st + (i / 8) * (0.93 - st)));
    body += `<path d="${smooth(ribPts, false)}" fill="none" stroke="${look.rib}" stroke-width="${f(Math.max(0.9, s.width * 0.07))}" stroke-linecap="round" opacity="0.75"/>`;
  }
  if (look.spots) {
    const { color, n, r } = look.spots;
    const st = s.stalk ?? 0;
    let d = '';
    for (let i = 0; i < n; i++) {
      const t = st + (1 - st) * (0.12 + r() * 0.78);
      const [mx, my] = g.mid(t);
      const off = (r() * 2 - 1) * g.half(t, 1) * 0.7;
      d += `M${f(mx + off)} ${f(my)}h0`;
    }
    body += `<path d="${d}" stroke="${color}" stroke-width="${f(Math.max(2, s.width * 0.12))}" stroke-linecap="round" opacity="0.8"/>`;
  }
  if (look.extra) body += look.extra;
  const op = look.opacity !== undefined && look.opacity < 1 ? ` opacity="${look.opacity}"` : '';
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"${op}>${body}</g>`;
}

/** Many small strokes, gathered into one path per look (kept in the order the looks first appear). */
class Marks {
  private readonly groups = new Map<string, string[]>();
  add(look: string, d: string) {
    const g = this.groups.get(look);
    if (g) g.push(d);
    else this.groups.set(look, [d]);
  }
  svg(): string {
    return [...this.groups].map(([look, ds]) => `<path d="${ds.join('')}" fill="none" stroke-linecap="round" stroke-linejoin="round" ${look}/>`).join('');
  }
}

// ---------- the scene ----------

interface Ctx {
  r: Rand;
  art: PlantArt;
  dark: string;
  light: string;
  accent: string;
  /** A gradient fill for a leaf in front (one of several tones), and for leaves behind. */
  front: () => string;
  back: string;
  /** The colour at the tip of each front tone, for parts drawn on from a leaf's tip. */
  tipOf: (fill: string) => string;
}

/** Driftwood or a rock to tie an epiphyte or moss to; `top(t)` walks along its upper edge, left to right. */
function mount(c: Ctx, kind: 'wood' | 'rock'): { svg: string; top: (t: number) => Pt } {
  const { r } = c;
  if (kind === 'rock') {
    const cx = 400 + (r() - 0.5) * 30;
    const w = 250 + r() * 30;
    const h = 150 + r() * 30;
    const base = 700;
    const bump = [r(), r(), r(), r()].map((v) => (v - 0.5) * 0.18);
    const at = (t: number): Pt => {
      const a = Math.PI * (1 - t);
      const k = 1 + bump[Math.min(3, Math.floor(t * 4))] * Math.sin(Math.PI * ((t * 4) % 1));
      return [cx + w * Math.cos(a) * (1 + 0.05 * Math.sin(a * 3)), base - h * Math.pow(Math.sin(a), 0.7) * k - 10];
    };
    const outline: Pt[] = [[cx - w - 10, base + 14]];
    for (let i = 0; i <= 24; i++) outline.push(at(i / 24));
    outline.push([cx + w + 10, base + 14]);
    const facets = [0.3, 0.55, 0.75]
      .map((t) => {
        const [x, y] = at(t);
        return `M${f(x)} ${f(y + 6)}Q${f(x + (r() - 0.5) * 60)} ${f(y + 60)} ${f(x + (r() - 0.5) * 90)} ${f(base - 5)}`;
      })
      .join('');
    const svg =
      `<path d="${smooth(outline, true)}" fill="url(#rock)"/>` +
      `<path d="${facets}" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.12"/>` +
      `<path d="${smooth(outline.slice(2, 12), false)}" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.12" stroke-linecap="round"/>`;
    return { svg, top: (t) => at(0.1 + t * 0.8) };
  }
  const flip = r() > 0.5;
  const X = (x: number) => (flip ? 800 - x : x);
  const a: Pt = [110, 660];
  const b: Pt = [390, 560 + (r() - 0.5) * 30];
  const e: Pt = [690, 585 + (r() - 0.5) * 30];
  const thick = (t: number) => 52 - 30 * t;
  const top: Pt[] = [];
  const bottom: Pt[] = [];
  for (let i = 0; i <= 20; i++) {
    const t = i / 20;
    const [x, y] = quad(a, b, e, t);
    top.push([X(x), y + Math.sin(t * 17) * 3]);
    bottom.push([X(x + 6), y + thick(t) + Math.sin(t * 11) * 4]);
  }
  // A side branch reaching up and over.
  const bt = 0.58;
  const [bx, by] = quad(a, b, e, bt);
  const branch: Pt[] = [
    [X(bx - 14), by + 4],
    [X(bx + 50), by - 60],
    [X(bx + 120), by - 120],
    [X(bx + 150), by - 135],
    [X(bx + 142), by - 121],
    [X(bx + 70), by - 45],
    [X(bx + 34), by + 8],
  ];
  let grain = '';
  for (const k of [0.3, 0.55, 0.8]) {
    const pts: Pt[] = [];
    for (let i = 1; i <= 17; i++) {
      const t = i / 20 + k * 0.02;
      const [x, y] = quad(a, b, e, t);
      pts.push([X(x), y + thick(t) * k]);
    }
    grain += smooth(pts, false);
  }
  const [kx, ky] = quad(a, b, e, 0.28);
  const svg =
    `<path d="${smooth(branch, true)}" fill="url(#wood)"/>` +
    `<path d="${smooth([...top, ...bottom.reverse()], true)}" fill="url(#wood)"/>` +
    `<path d="${grain}" fill="none" stroke="#3b2616" stroke-width="2.5" opacity="0.45" stroke-linecap="round"/>` +
    `<path d="${smooth(top, false)}" fill="none" stroke="#c9a27a" stroke-width="4" opacity="0.45" stroke-linecap="round"/>` +
    `<ellipse cx="${f(X(kx))}" cy="${f(ky + 22)}" rx="11" ry="6" fill="#3b2616" opacity="0.5"/>`;
  return {
    svg,
    top: (t) => {
      const u = flip ? 0.88 - t * 0.76 : 0.12 + t * 0.76;
      const [x, y] = quad(a, b, e, u);
      return [X(x), y + 4];
    },
  };
}

/** Swords, crypts, Aponogeton, Downoi: leaves fanning from one crown, or several small crowns. */
function rosette(c: Ctx): string {
  const { r, art } = c;
  const shape = art.leafShape ?? 'sword';
  const h = art.height ?? 1;
  const small = h < 0.5;
  const kinds: Record<string, { len: number; width: number; profile: Profile; stalk: number; wave?: number; freq?: number; bend: number; n: number; veins: boolean; spread: number }> = {
    sword: { len: 440, width: 46, profile: 'sword', stalk: 0.2, bend: 0.16, n: 15, veins: true, spread: 66 },
    oval: { len: 420, width: 62, profile: 'oval', stalk: 0.24, bend: 0.12, n: 12, veins: true, spread: 62 },
    wavy: { len: 440, width: 32, profile: 'lance', stalk: 0.36, wave: 0.13, freq: 9, bend: 0.16, n: 14, veins: false, spread: 60 },
    crinkled: { len: 520, width: small ? 15 : 22, profile: 'lance', stalk: 0.08, wave: 0.45, freq: small ? 11 : 20, bend: small ? 0.3 : 0.2, n: small ? 13 : 16, veins: false, spread: small ? 80 : 50 },
    narrow: { len: 560, width: 9, profile: 'lance', stalk: 0.3, bend: 0.14, n: 12, veins: false, spread: 42 },
  };
  const k = kinds[shape] ?? kinds['sword'];
  const crowns: { x: number; y: number; s: number }[] = small
    ? [
        { x: 400, y: 600, s: 1 },
        { x: 240, y: 620, s: 0.9 },
        { x: 560, y: 615, s: 0.92 },
        { x: 150, y: 675, s: 0.85 },
        { x: 315, y: 695, s: 1 },
        { x: 485, y: 700, s: 0.97 },
        { x: 650, y: 680, s: 0.86 },
      ]
        .map((p) => ({ x: p.x + (r() - 0.5) * 30, y: p.y + (r() - 0.5) * 14, s: p.s }))
        .sort((p, q) => p.y - q.y)
    : [{ x: 400, y: 655, s: 1 }];
  const spread = k.spread;
  const out: string[] = [];
  for (const crown of crowns) {
    const L = k.len * h * crown.s * (small ? 1.25 : 1);
    const leaves: { a: number; len: number; back: boolean }[] = [];
    const nBack = Math.round(k.n * 0.45);
    for (let i = 0; i < nBack; i++) leaves.push({ a: (r() * 2 - 1) * spread * 0.7, len: L * (0.85 + r() * 0.2), back: true });
    for (let i = 0; i < k.n; i++) {
      const a = -spread + (2 * spread * (i + 0.5)) / k.n + (r() - 0.5) * 10;
      leaves.push({ a, len: L * (0.62 + 0.38 * Math.cos(rad(a) * 0.9)) * (0.85 + r() * 0.25), back: false });
    }
    const front = leaves.filter((l) => !l.back).sort((p, q) => Math.abs(q.a) - Math.abs(p.a));
    for (const l of [...leaves.filter((l) => l.back), ...front]) {
      const spec: LeafSpec = {
        len: l.len,
        width: k.width * crown.s * (0.85 + r() * 0.3),
        profile: k.profile,
        stalk: k.stalk,
        wave: k.wave,
        freq: k.freq,
        bend: Math.sign(l.a || 1) * k.bend * (0.6 + r() * 0.8) * (Math.abs(l.a) > 20 ? 1 : 0.5),
      };
      const bronze = !l.back && art.accent && !art.spots && r() < 0.35;
      out.push(
        leaf(crown.x, crown.y, l.a, spec, {
          fill: l.back ? c.back : bronze ? 'url(#acc)' : c.front(),
          rib: l.back ? undefined : tint(c.light, 0.35),
          stalk: l.back ? undefined : mix(c.dark, c.light, 0.25),
          veins: k.veins && !l.back ? shade(c.dark, 0.2) : undefined,
          spots: art.spots && !l.back ? { color: c.accent, n: 10 + Math.floor(r() * 10), r } : undefined,
        }),
      );
    }
    out.push(`<ellipse cx="${f(crown.x)}" cy="${f(crown.y)}" rx="${f(14 * crown.s)}" ry="${f(6 * crown.s)}" fill="${shade(c.dark, 0.5)}"/>`);
  }
  return out.join('');
}

/** Stem plants: upright stems with leaves at nodes, in opposite pairs turned 90° at each node. */
function stems(c: Ctx): string {
  const { r, art } = c;
  const shape = art.leafShape ?? 'oval';
  const h = art.height ?? 1;
  const bush = h < 0.6;
  const size = art.leafSize ?? 1;
  // Leaf outline, distance between nodes, and how far the leaves stand out from the stem.
  const looks: Record<string, { spec: LeafSpec; spacing: number; angle: number }> = {
    round: { spec: { len: 34, width: 8.5, profile: 'oval' }, spacing: 19, angle: 52 },
    oval: { spec: { len: 44, width: 17, profile: 'oval' }, spacing: 33, angle: 58 },
    lance: { spec: { len: 58, width: 9.5, profile: 'lance' }, spacing: 31, angle: 50 },
    needle: { spec: { len: 44, width: 0, profile: 'lance' }, spacing: 26, angle: 0 },
    fan: { spec: { len: 50, width: 0, profile: 'lance' }, spacing: 30, angle: 0 },
    lobed: { spec: { len: 82, width: 0, profile: 'lance' }, spacing: 46, angle: 55 },
  };
  const look = looks[shape] ?? looks['oval'];
  const count = bush ? 19 : shape === 'lobed' || shape === 'fan' ? 10 : 12;
  const list = Array.from({ length: count }, (_, i) => {
    const u = (i + 0.5) / count - 0.5 + (r() - 0.5) * 0.05;
    const back = i % 3 === 1;
    const H = bush ? 300 * h * 2.1 * (1 - 1.7 * u * u) * (0.85 + r() * 0.25) : 500 * h * (0.8 + r() * 0.25) * (1 - u * u * 0.6) * (back ? 1.06 : 1);
    return { u, back, H, base: bush ? 655 + Math.abs(u) * 50 + (back ? -14 : 10) : 660 + (back ? -8 : r() * 10) };
  });
  const ordered = [...list.filter((s) => s.back), ...list.filter((s) => !s.back)];
  const out: string[] = [];
  for (const s of ordered) {
    const x = 400 + s.u * (bush ? 500 : 440);
    const sway = (r() - 0.5) * 60 + s.u * (bush ? 170 : 200);
    const p0: Pt = [x, s.base];
    const p1: Pt = [x + sway * 0.1, s.base - s.H * 0.5];
    const p2: Pt = [x + sway, s.base - s.H];
    const dim = s.back ? 0.38 : 0;
    const stemCol = shade(mix(c.dark, c.accent, 0.3), 0.15 + dim);
    const parts: string[] = [`<path d="M${pt(p0)}Q${pt(p1)} ${pt(p2)}" fill="none" stroke="${stemCol}" stroke-width="${bush ? 2.5 : 3.5}" stroke-linecap="round"/>`];
    const sp = look.spacing * size * (bush ? 0.7 : 1);
    let k = Math.floor(r() * 2);
    for (let along = sp * 0.6; along < s.H * 0.96; along += sp * (1 - 0.3 * (along / s.H)), k++) {
      const t = along / s.H;
      const [px, py] = quad(p0, p1, p2, t);
      const [qx, qy] = quad(p0, p1, p2, Math.min(1, t + 0.01));
      const dir = deg(Math.atan2(qx - px, -(qy - py)));
      const grow = (1 - 0.5 * Math.pow(t, 1.8)) * (bush ? 0.9 : 1);
      const col0 = t < 0.5 ? mix(c.dark, c.light, t / 0.5) : mix(c.light, c.accent, (t - 0.5) / 0.45);
      const col = shade(col0, dim + (r() - 0.5) * 0.1);
      const side = k % 2 === 0;
      if (shape === 'needle' || shape === 'fan') {
        parts.push(whorl(px, py, dir, look.spec.len * grow * size, shape, col, k, r));
      } else if (shape === 'lobed') {
        const L = look.spec.len * grow * size;
        for (const sgn of [-1, 1]) {
          const a = dir + sgn * (side ? look.angle : 20) + (r() - 0.5) * 12;
          parts.push(lobedLeaf(px, py, a, side ? L : L * 0.6, !side && sgn > 0 ? shade(col, 0.2) : col));
        }
      } else {
        for (const sgn of [-1, 1]) {
          const a = dir + sgn * (side ? look.angle - 18 * t : 14) + (r() - 0.5) * 14;
          const len = look.spec.len * grow * size * (side ? 1 : 0.6) * (0.9 + r() * 0.2);
          const spec: LeafSpec = { ...look.spec, len, width: look.spec.width * grow * size, bend: sgn * -0.1 };
          const leafCol = !side && sgn > 0 ? shade(col, 0.22) : col;
          parts.push(leaf(px, py, a, spec, { fill: leafCol, rib: len > 22 && side ? tint(leafCol, 0.22) : undefined }));
        }
      }
    }
    // The growing tip: a small bud of young leaves.
    const tipCol = shade(art.accent ?? tint(c.light, 0.2), dim);
    const tipLen = (shape === 'lobed' ? 22 : shape === 'needle' || shape === 'fan' ? 18 : 15) * size;
    for (const a of [-24, 0, 24]) parts.push(leaf(p2[0], p2[1], a + sway * 0.08, { len: tipLen, width: tipLen * 0.36, profile: 'oval' }, { fill: tipCol }));
    out.push(`<g>${parts.join('')}</g>`);
  }
  return out.join('');
}

/** A whorl of fine leaves around a node, seen from the side: needles (Limnophila) or forked fans (Cabomba). */
function whorl(x: number, y: number, dir: number, L: number, kind: 'needle' | 'fan', col: string, k: number, r: Rand): string {
  const n = kind === 'needle' ? 10 : 4;
  let backD = '';
  let frontD = '';
  const cos = Math.cos(rad(dir));
  const sin = Math.sin(rad(dir));
  // Local (sideways, up) to page coordinates, following the stem's lean.
  const P = (sx: number, up: number): Pt => [x + sx * cos + up * sin, y + sx * sin - up * cos];
  for (let i = 0; i < n; i++) {
    const phi = (2 * Math.PI * i) / n + k * 0.55 + r() * 0.2;
    const sx = Math.cos(phi);
    const depth = Math.sin(phi);
    const len = L * (0.85 + r() * 0.3) * (0.55 + 0.45 * Math.abs(sx));
    const end = (f1: number, lift: number): Pt => P(sx * len * f1, len * f1 * (0.28 + lift) + depth * len * 0.12);
    let d = '';
    if (kind === 'needle') {
      d += `M${pt(P(0, 0))}Q${pt(end(0.5, 0))} ${pt(end(1, 0.12))}`;
      d += `M${pt(end(0.55, 0.02))}L${pt(P(sx * len * 0.9 + 6 * Math.sign(sx), len * 0.52))}`;
      d += `M${pt(end(0.35, 0))}L${pt(P(sx * len * 0.6, len * 0.05))}`;
    } else {
      // A short stalk, then a fan of segments that fork once more.
      const sx0 = sx * len * 0.3;
      const sy0 = len * 0.1 + depth * len * 0.04;
      d += `M${pt(P(0, 0))}L${pt(P(sx0, sy0))}`;
      const beta = Math.atan2(0.45, sx);
      for (let j = -3; j <= 3; j++) {
        const a = beta + j * 0.24;
        const seg = len * 0.75 * (1 - Math.abs(j) * 0.09);
        const mx = sx0 + Math.cos(a) * seg * 0.5;
        const my = sy0 + Math.sin(a) * seg * 0.5;
        d += `M${pt(P(sx0, sy0))}L${pt(P(mx, my))}`;
        for (const fork of [-0.2, 0.2]) d += `M${pt(P(mx, my))}L${pt(P(mx + Math.cos(a + fork) * seg * 0.5, my + Math.sin(a + fork) * seg * 0.5))}`;
      }
    }
    if (depth < 0) backD += d;
    else frontD += d;
  }
  const w = kind === 'needle' ? 2.2 : 1.7;
  return `<path d="${backD}" fill="none" stroke="${shade(col, 0.28)}" stroke-width="${w}" stroke-linecap="round"/><path d="${frontD}" fill="none" stroke="${col}" stroke-width="${w}" stroke-linecap="round"/>`;
}

/** A deeply lobed leaf (water wisteria): a midrib with narrow lobes either side. */
function lobedLeaf(x: number, y: number, angle: number, L: number, col: string): string {
  let inner = `<path d="M0 0L0 ${f(-L)}" stroke="${col}" stroke-width="${f(Math.max(1.5, L * 0.05))}" stroke-linecap="round"/>`;
  for (const s of [0.3, 0.5, 0.7]) {
    for (const sgn of [-1, 1]) {
      const spec: LeafSpec = { len: L * 0.42 * (1.1 - s * 0.5), width: L * 0.075, profile: 'lance', bend: sgn * -0.12 };
      inner += `<path d="${leafOutline(spec)}" fill="${col}" transform="translate(0 ${f(-L * s)}) rotate(${sgn * 52})"/>`;
    }
  }
  inner += `<path d="${leafOutline({ len: L * 0.36, width: L * 0.09, profile: 'lance' })}" fill="${col}" transform="translate(0 ${f(-L * 0.78)})"/>`;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">${inner}</g>`;
}

/** The outline of a low mound of plants in front: its top edge at x. */
const moundTop = (top: number, rise: number, halfWidth: number) => (x: number) => top + rise * Math.pow((x - 400) / halfWidth, 2);

/** A carpet of tiny leaves over a gentle mound, seen in perspective (Monte Carlo, HC). */
function carpet(c: Ctx): string {
  const { r, art } = c;
  const size = art.leafSize ?? 1;
  const topY = moundTop(440, 150, 420);
  const edge: Pt[] = [[-20, 820]];
  for (let x = -20; x <= 820; x += 12) edge.push([x, topY(x) + Math.sin(x * 0.21) * 4 + (r() - 0.5) * 6]);
  edge.push([820, 820]);
  // Sprigs standing up along the top edge, so the carpet has a soft outline.
  const sprigs = new Marks();
  for (let x = -10; x < 810; x += (7 + r() * 6) * Math.sqrt(size)) {
    const y = topY(x) + 6;
    const hgt = (8 + r() * 18) * (0.5 + size * 0.6);
    const lean = (r() - 0.5) * 12;
    const col = mix(shade(c.dark, 0.15), c.light, 0.3 + r() * 0.6);
    sprigs.add(`stroke="${shade(c.dark, 0.25)}" stroke-width="1.3"`, `M${f(x)} ${f(y)}l${f(lean)} ${f(-hgt)}`);
    const s = 7.5 * size;
    sprigs.add(`stroke="${col}" stroke-width="${f(s)}"`, `M${f(x + lean - s * 0.5)} ${f(y - hgt + 1)}l${f(s * 0.15)} ${f(-s * 0.1)}M${f(x + lean + s * 0.5)} ${f(y - hgt + 1)}l${f(-s * 0.15)} ${f(-s * 0.1)}`);
  }
  const leaves: Pt[] = [];
  const n = Math.round(1500 / (size * 0.7 + 0.3));
  for (let i = 0; i < n; i++) {
    const x = -15 + r() * 830;
    leaves.push([x, topY(x) - 2 + (818 - topY(x)) * Math.pow(r(), 1.35)]);
  }
  leaves.sort((p, q) => p[1] - q[1]);
  const marks = new Marks();
  const bands = 8;
  const levels = 6;
  for (const [x, y] of leaves) {
    const d = clamp((y - 440) / 380, 0, 0.999);
    const band = Math.floor(d * bands);
    const s = (5 + 12 * ((band + 0.5) / bands)) * size;
    const level = clamp(Math.floor((0.15 + r() * 0.85) * levels), 0, levels - 1);
    const col = mix(shade(c.dark, 0.12), tint(c.light, 0.15), level / (levels - 1));
    // A pair of round leaves either side of a node.
    const a = r() * Math.PI;
    const dx = Math.cos(a) * s * 0.45;
    const dy = Math.sin(a) * s * 0.28;
    marks.add(`stroke="${col}" stroke-width="${f(s)}"`, `M${f(x - dx)} ${f(y - dy)}l${f(-dx * 0.2)} ${f(-dy * 0.2)}M${f(x + dx)} ${f(y + dy)}l${f(dx * 0.2)} ${f(dy * 0.2)}`);
  }
  return `<path d="${smooth(edge, true)}" fill="url(#under)"/>${sprigs.svg()}${marks.svg()}`;
}

/** Grass: tufts of hair-fine blades (Eleocharis) or narrow flat blades with runners (Sagittaria). */
function grass(c: Ctx): string {
  const { r, art } = c;
  const fine = (art.leafShape ?? 'needle') === 'needle';
  const topY = moundTop(575, 130, 330);
  const tufts: { x: number; y: number }[] = [];
  const n = fine ? 34 : 26;
  for (let i = 0; i < n; i++) {
    const x = 110 + ((i + r()) / n) * 580;
    tufts.push({ x, y: topY(x) + r() * 120 });
  }
  tufts.sort((p, q) => p.y - q.y);
  const soil: Pt[] = [[-20, 820]];
  for (let x = -20; x <= 820; x += 40) soil.push([x, topY(x) + 25 + (r() - 0.5) * 8]);
  soil.push([820, 820]);
  const out: string[] = [`<path d="${smooth(soil, true)}" fill="url(#soil)"/>`];
  if (!fine) {
    // Runners between the tufts.
    let d = '';
    for (let i = 1; i < tufts.length; i++) {
      const [p, q] = [tufts[i - 1], tufts[i]];
      if (Math.abs(p.x - q.x) < 200) d += `M${f(p.x)} ${f(p.y)}Q${f((p.x + q.x) / 2)} ${f(Math.max(p.y, q.y) + 14)} ${f(q.x)} ${f(q.y)}`;
    }
    out.push(`<path d="${d}" fill="none" stroke="${shade(c.dark, 0.3)}" stroke-width="2.2" opacity="0.8"/>`);
  }
  const marks = new Marks();
  for (const t of tufts) {
    const d = clamp((t.y - 575) / 250, 0, 1);
    const centre = 1 - Math.min(1, Math.abs(t.x - 400) / 330);
    const dim = (1 - d) * 0.35;
    if (fine) {
      const band = Math.floor(d * 4);
      const blades = 16;
      for (let i = 0; i < blades; i++) {
        const H = (150 + 170 * centre) * (0.65 + r() * 0.45) * (0.9 + d * 0.2);
        const a = rad((i / (blades - 1) - 0.5) * 44 + (r() - 0.5) * 10 + (t.x - 400) * 0.03);
        const bx = t.x + (r() - 0.5) * 14;
        const end: Pt = [bx + Math.sin(a) * H, t.y - Math.cos(a) * H];
        const ctrl: Pt = [bx + Math.sin(a) * H * 0.25, t.y - H * 0.6];
        const level = Math.floor(r() * 4);
        const col = shade(mix(c.dark, tint(c.light, 0.1), level / 3), dim);
        marks.add(`stroke="${col}" stroke-width="${f(1.5 + band * 0.35)}"`, `M${f(bx)} ${f(t.y)}Q${pt(ctrl)} ${pt(end)}`);
      }
    } else {
      const blades = 7 + Math.floor(r() * 3);
      const parts: string[] = [];
      for (let i = 0; i < blades; i++) {
        const a = (i / (blades - 1) - 0.5) * 70 + (r() - 0.5) * 14;
        const spec: LeafSpec = { len: (110 + 120 * centre) * (0.7 + r() * 0.45), width: 6.5 + r() * 2.5, profile: 'ribbon', bend: Math.sign(a) * (0.15 + r() * 0.25) };
        const col = shade(mix(c.dark, c.light, 0.3 + r() * 0.7), dim);
        parts.push(leaf(t.x, t.y, a * 0.7, spec, { fill: col, rib: tint(col, 0.2) }));
      }
      out.push(...parts);
    }
  }
  return out.join('') + marks.svg();
}

/** Long, twisting ribbons reaching the surface (Vallisneria), with a few runner plantlets. */
function ribbons(c: Ctx): string {
  const { r } = c;
  const out: string[] = [];
  const ribbon = (x0: number, base: number, L: number, lean: number, curl: number, W: number, fill: string, opacity: number) => {
    const p0: Pt = [x0, base];
    const p1: Pt = [x0 + lean * 0.05, base - L * 0.45];
    const p2: Pt = [x0 + lean * 0.55, base - L * 0.85];
    const p3: Pt = [x0 + lean + curl, base - L + Math.abs(curl) * 0.35];
    const n = 36;
    const twist = 1.5 + r() * 2;
    const phase = r() * Math.PI;
    const L1: Pt[] = [];
    const R1: Pt[] = [];
    const midPts: Pt[] = [];
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      const p = cubic(p0, p1, p2, p3, t);
      const q = cubic(p0, p1, p2, p3, Math.min(1, t + 0.01));
      const p_ = cubic(p0, p1, p2, p3, Math.max(0, t - 0.01));
      const tx = q[0] - p_[0];
      const ty = q[1] - p_[1];
      const m = Math.hypot(tx, ty) || 1;
      const w = W * (0.3 + 0.7 * Math.abs(Math.cos(twist * Math.PI * t + phase))) * PROFILES.ribbon(t);
      L1.push([p[0] - (ty / m) * w, p[1] + (tx / m) * w]);
      R1.push([p[0] + (ty / m) * w, p[1] - (tx / m) * w]);
      midPts.push(p);
    }
    const tip = midPts[n];
    const op = opacity < 1 ? ` opacity="${opacity}"` : '';
    return `<g${op}><path d="${smooth([...L1.slice(0, -1), tip, tip, ...R1.slice(0, -1).reverse()], true)}" fill="${fill}"/><path d="${smooth(midPts.slice(0, -2), false)}" fill="none" stroke="${tint(c.light, 0.4)}" stroke-width="1.2" opacity="0.45"/></g>`;
  };
  const clumps = [330 + r() * 20, 410 + r() * 20, 480 + r() * 20];
  // Daughter plants on runners, low at the sides.
  for (const [x, dirn] of [
    [175 + r() * 30, -1],
    [610 + r() * 30, 1],
  ] as const) {
    out.push(`<path d="M${f(x)} 664Q${f((x + 400) / 2)} 676 400 664" fill="none" stroke="#8a7a52" stroke-width="3" opacity="0.7"/>`);
    for (let i = 0; i < 5; i++) out.push(ribbon(x + (r() - 0.5) * 12, 666, 150 + r() * 140, dirn * (20 + r() * 70) + (r() - 0.5) * 50, 0, 9, c.front(), 1));
  }
  for (const back of [true, false]) {
    for (const cx of clumps) {
      const m = back ? 4 : 6;
      for (let i = 0; i < m; i++) {
        const x0 = cx + (r() - 0.5) * 30;
        const L = 480 + r() * 150;
        const lean = (r() - 0.5) * 220 + (cx - 410) * 1.5;
        const curl = r() < 0.5 ? (lean >= 0 ? 1 : -1) * (60 + r() * 120) : (r() - 0.5) * 40;
        out.push(ribbon(x0, 664, L, lean, curl, 11 + r() * 4, back ? c.back : c.front(), back ? 0.9 : 1));
      }
    }
  }
  return out.join('');
}

/** Bucephalandra: clumps of short, creeping rhizomes packed with small wavy leaves, on rock. */
function bucephalandra(c: Ctx, m: { svg: string; top: (t: number) => Pt }): string {
  const { r, art } = c;
  const size = art.leafSize ?? 1;
  const back: string[] = [];
  const front: string[] = [];
  const rhizomes: string[] = [];
  const clumps = 7;
  for (let i = 0; i < clumps; i++) {
    const t = (i + 0.3 + r() * 0.4) / clumps;
    const [x0, y0] = m.top(0.04 + t * 0.92);
    // Each rhizome climbs a little up and outwards over the rock.
    const out = (t - 0.5) * 2;
    const climb = 40 + r() * 70 * (1 - Math.abs(out) * 0.6);
    const x1 = x0 + out * 40 + (r() - 0.5) * 30;
    const y1 = y0 - climb;
    rhizomes.push(`M${f(x0)} ${f(y0)}Q${f(x0)} ${f((y0 + y1) / 2)} ${f(x1)} ${f(y1)}`);
    const leaves = 11;
    for (let j = 0; j < leaves; j++) {
      const s = j / (leaves - 1);
      const px = x0 + (x1 - x0) * s;
      const py = y0 + (y1 - y0) * s;
      const a = out * 35 + (r() - 0.5) * 110 * (1 - s * 0.4);
      const isBack = j % 3 === 0;
      const len = (75 + r() * 40) * size * (0.75 + s * 0.35);
      const spec: LeafSpec = { len, width: len * 0.3, profile: 'oval', wave: 0.07, freq: 5, bend: Math.sign(a || 1) * 0.1, stalk: 0.1 };
      const look: LeafLook = isBack
        ? { fill: c.back }
        : { fill: c.front(), rib: tint(c.light, 0.2), spots: art.spots ? { color: c.accent, n: 6, r } : undefined };
      (isBack ? back : front).push(leaf(px, py, a, spec, look));
    }
  }
  return (
    back.join('') +
    m.svg +
    `<path d="${rhizomes.join('')}" fill="none" stroke="${mix('#5a4a2a', c.dark, 0.4)}" stroke-width="9" stroke-linecap="round"/>` +
    front.join('')
  );
}

/** Epiphytes (Anubias, Bucephalandra) and ferns (Java fern), with their rhizome tied to wood or rock. */
function onMount(c: Ctx): string {
  const { r, art } = c;
  const fern = art.form === 'fern';
  const m = mount(c, art.mount ?? 'wood');
  const size = art.leafSize ?? 1;
  const shape = art.leafShape ?? (fern ? 'lance' : 'oval');
  if (shape === 'wavy') return bucephalandra(c, m);
  const backLeaves: string[] = [];
  const frontLeaves: string[] = [];
  const frontStalks: string[] = [];
  const backStalks: string[] = [];
  const forked = shape === 'forked';
  const n = fern ? (forked ? 14 : 16) : Math.round(15 / size);
  for (let i = 0; i < n; i++) {
    const t = clamp((i + r()) / n, 0.02, 0.98);
    const [rx, ry] = m.top(fern ? 0.1 + t * 0.8 : 0.18 + t * 0.64);
    const back = i % 3 === 1;
    const lean = (t - 0.5) * (fern ? 100 : 75) + (r() - 0.5) * 36;
    const angle = back ? lean * 0.6 : lean;
    const stalkLen = fern ? 8 + r() * 10 : (35 + r() * 90) * size * (back ? 1.3 : 1) * (1.2 - Math.abs(t - 0.5) * 0.8);
    const end: Pt = [rx + Math.sin(rad(angle)) * stalkLen, ry - Math.cos(rad(angle)) * stalkLen];
    const ctrl: Pt = [rx + Math.sin(rad(angle * 0.4)) * stalkLen * 0.6, ry - stalkLen * 0.6];
    (back ? backStalks : frontStalks).push(`M${f(rx)} ${f(ry)}Q${pt(ctrl)} ${pt(end)}`);
    const fill = back ? c.back : c.front();
    const look: LeafLook = { fill, rib: back ? undefined : fern ? shade(c.dark, 0.35) : tint(c.light, 0.3) };
    let spec: LeafSpec;
    if (fern) {
      const len = (250 + r() * 150) * (back ? 1.05 : 1) * (1 - Math.abs(t - 0.5) * 0.5);
      const bend = Math.sign(lean || 1) * (0.1 + r() * 0.16);
      if (!back) look.veins = shade(c.dark, 0.25);
      if (forked) {
        // Windeløv: the blade stays broad to its end, where it splits into narrow fingers.
        spec = { len, width: 20, profile: 'lance', bend, stalk: 0.04 };
        const g = leafGeom(spec);
        const k = 2 + Math.floor(r() * 3);
        let lobes = '';
        for (let j = 0; j < k; j++) {
          const sgn = j % 2 ? 1 : -1;
          const at = 0.7 + 0.06 * Math.floor(j / 2) + r() * 0.04;
          const base = g.mid(at);
          const lobe: LeafSpec = { len: len * (0.18 + r() * 0.1), width: 5 + r() * 2, profile: 'lance', bend: sgn * 0.1 };
          const a = g.tipAngle * at + sgn * (28 + r() * 14);
          lobes += `<path d="${leafOutline(lobe)}" fill="${back ? shade(c.dark, 0.25) : c.tipOf(fill)}" transform="translate(${pt(base)}) rotate(${f(a)})"/>`;
        }
        look.extra = lobes;
      } else {
        spec = { len, width: 25, profile: 'lance', bend, stalk: 0.04 };
        if (!back && r() < 0.4) look.spots = { color: '#5a3a1e', n: 14, r };
      }
    } else if (shape === 'sword') {
      // Anubias barteri: broad, heart- to arrow-shaped blades.
      const len = (165 + r() * 40) * size;
      spec = { len, width: len * 0.37, profile: 'heart', bend: Math.sign(lean || 1) * 0.06 };
      if (!back) look.veins = shade(c.dark, 0.15);
    } else {
      const len = (135 + r() * 40) * size;
      spec = { len, width: len * 0.45, profile: 'oval', bend: Math.sign(lean || 1) * 0.05 };
      if (!back) look.veins = shade(c.dark, 0.15);
    }
    const leafAngle = angle + (r() - 0.5) * 16;
    (back ? backLeaves : frontLeaves).push(leaf(end[0], end[1], leafAngle, spec, look));
  }
  const stalkCol = mix(c.dark, '#6b6a3a', 0.35);
  const stalkW = f(fern ? 4 : 4.5 * size);
  const rhiz: Pt[] = [];
  for (let i = 0; i <= 10; i++) rhiz.push(m.top(0.03 + (i / 10) * 0.94));
  let roots = '';
  for (let i = 0; i < 10; i++) {
    const [x, y] = m.top(0.08 + r() * 0.84);
    roots += `M${f(x)} ${f(y + 4)}q${f((r() - 0.5) * 30)} ${f(14 + r() * 10)} ${f((r() - 0.5) * 50)} ${f(24 + r() * 24)}`;
  }
  return (
    `<path d="${backStalks.join('')}" fill="none" stroke="${shade(stalkCol, 0.3)}" stroke-width="${stalkW}" stroke-linecap="round"/>` +
    backLeaves.join('') +
    m.svg +
    `<path d="${roots}" fill="none" stroke="#4d3b22" stroke-width="2" opacity="0.8" stroke-linecap="round"/>` +
    `<path d="${smooth(rhiz, false)}" fill="none" stroke="${mix('#6a5a30', c.dark, 0.3)}" stroke-width="${f(13 * Math.sqrt(size))}" stroke-linecap="round"/>` +
    `<path d="${frontStalks.join('')}" fill="none" stroke="${stalkCol}" stroke-width="${stalkW}" stroke-linecap="round"/>` +
    frontLeaves.join('')
  );
}

/** Moss: a dense, irregular mass of fine strands (Java moss) or fir-like fronds (Christmas moss) over wood or rock. */
function moss(c: Ctx): string {
  const { r, art } = c;
  const fronds = art.leafShape === 'frond';
  const m = mount(c, art.mount ?? 'wood');
  const blobs: { x: number; y: number; rx: number; ry: number }[] = [];
  for (let i = 0; i < 7; i++) {
    const [x, y] = m.top(i / 6);
    const centre = 1 - Math.abs(i / 6 - 0.5) * 1.2;
    const lift = art.mount === 'rock' ? 10 + 50 * centre : 40 + 90 * centre;
    blobs.push({ x: x + (r() - 0.5) * 30, y: y - lift - r() * 30, rx: 75 + r() * 40 + 40 * centre, ry: 60 + r() * 30 + 55 * centre });
  }
  const base = blobs.map((b) => `<ellipse cx="${f(b.x)}" cy="${f(b.y)}" rx="${f(b.rx)}" ry="${f(b.ry)}"/>`).join('');
  const yTop = Math.min(...blobs.map((b) => b.y - b.ry));
  const yBot = Math.max(...blobs.map((b) => b.y + b.ry));
  const marks = new Marks();
  const levels = 6;
  const items: { x: number; y: number; lvl: number }[] = [];
  const n = fronds ? 420 : 1500;
  for (let i = 0; i < n; i++) {
    const b = blobs[Math.floor(r() * blobs.length)];
    const a = r() * 2 * Math.PI;
    const q = Math.sqrt(r()) * 1.02;
    const x = b.x + Math.cos(a) * b.rx * q;
    const y = b.y + Math.sin(a) * b.ry * q;
    const height = 1 - (y - yTop) / (yBot - yTop);
    const lvl = clamp(Math.floor((height * 0.65 + r() * 0.55) * levels), 0, levels - 1);
    items.push({ x, y, lvl });
  }
  // Darker strands first, lighter ones on top, for depth.
  items.sort((p, q) => p.lvl - q.lvl);
  for (const it of items) {
    const col = mix(shade(c.dark, 0.35), tint(c.light, 0.12), it.lvl / (levels - 1));
    if (fronds) {
      const side = it.x < 400 ? -1 : 1;
      const a = rad(side * (60 + r() * 50) + (r() - 0.5) * 40);
      const L = 28 + r() * 26;
      const ux = Math.sin(a);
      const uy = -Math.cos(a);
      let d = `M${f(it.x)} ${f(it.y)}l${f(ux * L)} ${f(uy * L)}`;
      for (let s = 0.15; s < 0.9; s += 0.15) {
        const bl = L * 0.5 * (1 - s);
        const [px, py] = [it.x + ux * L * s, it.y + uy * L * s];
        for (const sgn of [-1, 1]) {
          const ba = a + sgn * 1.0;
          d += `M${f(px)} ${f(py)}l${f(Math.sin(ba) * bl)} ${f(-Math.cos(ba) * bl)}`;
        }
      }
      marks.add(`stroke="${col}" stroke-width="2.4"`, d);
    } else {
      const a = r() * 2 * Math.PI;
      const L = 12 + r() * 20;
      const ex = Math.cos(a) * L;
      const ey = Math.sin(a) * L * 0.7 + 4;
      marks.add(`stroke="${col}" stroke-width="${it.lvl > 3 ? 2 : 2.6}"`, `M${f(it.x)} ${f(it.y)}q${f(ex * 0.5 - ey * 0.4)} ${f(ey * 0.5 + ex * 0.4)} ${f(ex)} ${f(ey)}`);
    }
  }
  // A few strands trailing down over the edge.
  let trails = '';
  if (!fronds) {
    for (let i = 0; i < 26; i++) {
      const b = blobs[Math.floor(r() * blobs.length)];
      const x = b.x + (r() - 0.5) * b.rx * 1.6;
      const y = b.y + b.ry * 0.6;
      trails += `M${f(x)} ${f(y)}q${f((r() - 0.5) * 20)} ${f(20 + r() * 20)} ${f((r() - 0.5) * 30)} ${f(40 + r() * 40)}`;
    }
  }
  return (
    m.svg +
    `<g fill="${shade(c.dark, 0.45)}">${base}</g>` +
    `<path d="${trails}" fill="none" stroke="${c.dark}" stroke-width="1.8" stroke-linecap="round" opacity="0.8"/>` +
    marks.svg()
  );
}

/** Water clover (Marsilea): four-lobed (and some single) leaves on short stalks, creeping over a low mound. */
function clover(c: Ctx): string {
  const { r } = c;
  const topY = moundTop(470, 150, 420);
  const soil: Pt[] = [[-20, 820]];
  for (let x = -20; x <= 820; x += 40) soil.push([x, topY(x) + 20 + (r() - 0.5) * 8]);
  soil.push([820, 820]);
  let runners = '';
  for (let i = 0; i < 8; i++) {
    const off = 30 + i * 38 + r() * 20;
    const pts: Pt[] = [];
    for (let x = -20; x <= 820; x += 70) pts.push([x, topY(x) + off + (r() - 0.5) * 16]);
    runners += smooth(pts, false);
  }
  const heads: Pt[] = [];
  for (let i = 0; i < 520; i++) {
    const x = -10 + r() * 820;
    heads.push([x, topY(x) + 8 + (825 - topY(x)) * Math.pow(r(), 1.3)]);
  }
  heads.sort((p, q) => p[1] - q[1]);
  const out: string[] = [`<path d="${smooth(soil, true)}" fill="url(#soil)"/>`, `<path d="${smooth(soil, true)}" fill="url(#under)" opacity="0.55"/>`, `<path d="${runners}" fill="none" stroke="${shade(c.dark, 0.2)}" stroke-width="2.2" opacity="0.7"/>`];
  for (const [x, y] of heads) {
    const d = clamp((y - 470) / 340, 0, 1);
    const stalk = (14 + r() * 36) * (0.7 + d * 0.6);
    const R = (14 + r() * 6) * (0.6 + d * 0.9);
    const hx = x + (r() - 0.5) * 20;
    const hy = y - stalk;
    const col = shade(mix(c.dark, tint(c.light, 0.12), 0.35 + r() * 0.65), (1 - d) * 0.25);
    const rot = r() * 90;
    const four = r() < 0.75;
    let leaflets = '';
    let creases = '';
    for (const base of four ? [45, 135, 225, 315] : [r() * 360]) {
      const span = four ? 40 : 62;
      const RR = four ? R : R * 1.15;
      const P = (a: number, k: number) => `${f(Math.cos(rad(base + rot + a)) * RR * k)} ${f(Math.sin(rad(base + rot + a)) * RR * k)}`;
      leaflets += `M0 0L${P(-span, 0.8)}Q${P(-span * 0.6, 1.22)} ${P(0, 1.05)}Q${P(span * 0.6, 1.22)} ${P(span, 0.8)}Z`;
      creases += `M0 0L${P(0, 0.8)}`;
    }
    out.push(
      `<path d="M${f(x)} ${f(y)}Q${f(x)} ${f(y - stalk * 0.5)} ${f(hx)} ${f(hy)}" stroke="${shade(c.dark, 0.2)}" stroke-width="${f(1.2 + d * 1.2)}" fill="none"/>` +
        `<g transform="translate(${f(hx)} ${f(hy)}) scale(1 ${f(0.5 + r() * 0.2)})"><path d="${leaflets}" fill="${col}" stroke="${shade(col, 0.35)}" stroke-width="1"/><path d="${creases}" stroke="${tint(col, 0.35)}" stroke-width="1.2" opacity="0.7"/></g>`,
    );
  }
  return out.join('');
}

const FORMS: Record<PlantArt['form'], (c: Ctx) => string> = {
  rosette,
  stem: stems,
  carpet,
  grass,
  ribbon: ribbons,
  epiphyte: onMount,
  fern: onMount,
  moss,
  clover,
};

/** Forms that cover the front of the frame themselves, without the front sand lip. */
const LOW_FORMS: PlantArt['form'][] = ['carpet', 'grass', 'clover'];

/**
 * An illustration of a plant in an aquarium (SVG, 800×800): water with light rays,
 * sand with pebbles, a few bubbles, and the plant drawn by its form. Made by the
 * project itself because no photograph can be fetched here; media renders it to WebP.
 * The same plant always gives the same picture.
 */
export function plantIllustrationSvg(plant: DemoPlant): string {
  const r = rng(plant.slug);
  const art = plant.art;
  const [dark, light] = art.leaf;
  const accent = art.accent ?? light;
  const tones: [string, string][] = [
    [shade(dark, 0.1), light],
    [dark, tint(light, 0.12)],
    [shade(dark, 0.05), mix(light, dark, 0.25)],
  ];
  const c: Ctx = {
    r,
    art,
    dark,
    light,
    accent,
    front: () => `url(#leaf${Math.floor(r() * tones.length)})`,
    back: 'url(#leafBack)',
    tipOf: (fill) => tones[Number(/leaf(\d)/.exec(fill)?.[1] ?? 0)]?.[1] ?? light,
  };

  // Water, light rays and a hazy far bank.
  const lean = (r() - 0.5) * 160;
  const rays = Array.from({ length: 5 }, (_, i) => {
    const x = 40 + i * 170 + (r() - 0.5) * 80;
    const w = 30 + r() * 60;
    return `<path d="M${f(x)} -10L${f(x + w)} -10L${f(x + w * 2.2 + lean)} 700L${f(x + lean - w * 0.4)} 700Z" opacity="${f(0.35 + r() * 0.4)}"/>`;
  }).join('');
  let haze = '';
  for (let i = 0; i < 8; i++) {
    const x = 40 + i * 105 + (r() - 0.5) * 50;
    haze += `<ellipse cx="${f(x)}" cy="${f(615 + r() * 15)}" rx="${f(60 + r() * 50)}" ry="${f(70 + r() * 70)}"/>`;
  }
  // Sand: a wavy line at the back, grains and pebbles.
  const sandTop: Pt[] = [[-100, 820]];
  for (let x = -100; x <= 900; x += 50) sandTop.push([x, 628 + Math.sin(x * 0.011 + r()) * 7]);
  sandTop.push([900, 820]);
  const grains = new Marks();
  const grainCols = ['#b49466', '#f6ead0', '#9e7f57', '#d6bf93'];
  for (let i = 0; i < 170; i++) grains.add(`stroke="${grainCols[i % 4]}" stroke-width="${f(2 + (i % 3))}" opacity="0.6"`, `M${f(r() * 800)} ${f(645 + r() * 160)}h0`);
  const pebbles = Array.from({ length: 3 }, (_, i) => {
    const side = i === 1 ? 1 : -1;
    const x = i === 2 ? 400 + (r() - 0.5) * 500 : 400 + side * (250 + r() * 90);
    const y = 735 + r() * 35;
    const rx = 18 + r() * 22;
    return `<ellipse cx="${f(x + 4)}" cy="${f(y + rx * 0.35)}" rx="${f(rx * 1.05)}" ry="${f(rx * 0.45)}" fill="#6f5a3c" opacity="0.35"/><ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(rx * 0.62)}" fill="url(#pebble${i})"/>`;
  }).join('');
  const pebbleGrads = ['#b9b4a8', '#a39077', '#8e9493']
    .map((col, i) => `<radialGradient id="pebble${i}" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${tint(col, 0.35)}"/><stop offset="1" stop-color="${shade(col, 0.35)}"/></radialGradient>`)
    .join('');
  // Bubbles: a rising stream at one side and a few strays.
  const bx = r() < 0.5 ? 110 + r() * 60 : 630 + r() * 60;
  const bubbles = Array.from({ length: 9 }, (_, i) => {
    const stream = i < 6;
    const x = stream ? bx + Math.sin(i * 1.7) * 10 : 80 + r() * 640;
    const y = stream ? 560 - i * 85 - r() * 20 : 60 + r() * 300;
    const rr = stream ? 4 + i * 1.3 : 4 + r() * 6;
    return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(rr)}" fill="#ffffff" fill-opacity="0.18" stroke="#ffffff" stroke-opacity="0.7" stroke-width="1.5"/><circle cx="${f(x - rr * 0.35)}" cy="${f(y - rr * 0.35)}" r="${f(rr * 0.25)}" fill="#ffffff" opacity="0.8"/>`;
  }).join('');

  const plantSvg = FORMS[art.form](c);
  const lip = LOW_FORMS.includes(art.form) ? '' : `<path d="M-10 742Q200 722 400 740T810 736V810H-10Z" fill="url(#sandFront)" opacity="0.85"/>`;
  const leafGrad = (id: string, from: string, to: string) =>
    `<linearGradient id="${id}" x1="0" y1="1" x2="0.25" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
  const defs =
    `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eaf8f3"/><stop offset="0.5" stop-color="#b3e0d4"/><stop offset="1" stop-color="#6aaa9d"/></linearGradient>` +
    `<linearGradient id="ray" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e6d2a6"/><stop offset="1" stop-color="#c7a874"/></linearGradient>` +
    `<linearGradient id="sandFront" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8d5ac"/><stop offset="1" stop-color="#c4a572"/></linearGradient>` +
    `<linearGradient id="soil" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a08560"/><stop offset="1" stop-color="#7a6244"/></linearGradient>` +
    `<linearGradient id="under" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(dark, 0.3)}"/><stop offset="1" stop-color="${shade(dark, 0.15)}"/></linearGradient>` +
    `<linearGradient id="wood" x1="0" y1="0" x2="0.2" y2="1"><stop offset="0" stop-color="#9a7048"/><stop offset="1" stop-color="#4a301c"/></linearGradient>` +
    `<radialGradient id="rock" cx="0.4" cy="0.25" r="0.85"><stop offset="0" stop-color="#9aa1a3"/><stop offset="1" stop-color="#454c50"/></radialGradient>` +
    `<radialGradient id="glow" cx="0.5" cy="0.42" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#0b3b33" stop-opacity="0"/><stop offset="1" stop-color="#0b3b33" stop-opacity="0.35"/></radialGradient>` +
    tones.map(([from, to], i) => leafGrad(`leaf${i}`, from, to)).join('') +
    leafGrad('leafBack', shade(dark, 0.5), shade(dark, 0.2)) +
    leafGrad('acc', shade(accent, 0.2), mix(accent, light, 0.4)) +
    pebbleGrads;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">`,
    `<defs>${defs}</defs>`,
    `<rect width="800" height="800" fill="url(#water)"/>`,
    `<rect width="800" height="800" fill="url(#glow)"/>`,
    `<g fill="url(#ray)">${rays}</g>`,
    `<g fill="#3f8a78" opacity="0.16">${haze}</g>`,
    `<path d="${smooth(sandTop, true)}" fill="url(#sand)"/>`,
    grains.svg(),
    plantSvg,
    lip,
    pebbles,
    bubbles,
    `<rect width="800" height="800" fill="url(#vignette)"/>`,
    `</svg>`,
  ].join('\n');
}
