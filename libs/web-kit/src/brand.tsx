import type { CSSProperties, ReactNode, SVGProps } from 'react';

/**
 * Jalaj's visual identity, shared by the storefront and the admin so that both read as one
 * product: the colours (the storefront's `:root` variables mirror these, a unit spec keeps
 * them equal), the type, the corner radii, and the brand mark.
 */

/** The shop's name as the wordmark writes it. */
export const BRAND_NAME = 'Jalaj';

/** The water-and-leaf palette. */
export const BRAND_COLORS = Object.freeze({
  deep: '#06302e',
  teal900: '#0a3d3a',
  teal800: '#0d4d48',
  teal700: '#0f5e58',
  teal600: '#13756d',
  aqua300: '#7ed6c8',
  aqua100: '#dff3ef',
  aqua50: '#f2faf8',
  leaf700: '#1f6b3f',
  leaf100: '#e1f3e6',
  text: '#12302d',
  muted: '#46625e',
  border: '#cde3de',
  surface: '#ffffff',
  star: '#d99100',
  error: '#b3261e',
  errorBg: '#fdecea',
  focus: '#0b57d0',
});

/**
 * The palette as CSS custom properties, named as the storefront's style sheet names them
 * (`teal900` → `--c-teal-900`), for an app's own CSS to use.
 */
export function brandCssVariables(): Record<`--c-${string}`, string> {
  return Object.fromEntries(Object.entries(BRAND_COLORS).map(([name, value]) => [`--c-${name.replace(/([a-z])(\d)/, '$1-$2').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, value]));
}

/** The type: the platform's own UI font, so text renders at once and reads native everywhere. */
export const BRAND_FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";

/** Corner radii: cards and panels, and controls. */
export const BRAND_RADIUS = Object.freeze({ card: 14, control: 10 });

/** The wordmark beside the mark: heavy and slightly tight. */
export const BRAND_WORDMARK_STYLE: Readonly<CSSProperties> = Object.freeze({ fontWeight: 800, letterSpacing: '-0.01em', color: BRAND_COLORS.teal900 });

/** Props of a stroke icon: any SVG attribute but its content. */
export type StrokeIconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/**
 * Makes a 24-unit stroke icon in `currentColor` from its paths, the shop's icon style (the
 * storefront's icons and the brand's leaf). Icons are decorative: the control or text
 * beside them always carries the name.
 *
 * @param paths - The icon's drawing.
 */
export function strokeIcon(paths: ReactNode) {
  return function StrokeIcon(props: StrokeIconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

/** The leaf of the brand. */
export const BrandLeaf = strokeIcon(
  <>
    <path d="M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.48 19 2c1 2 2 4.18 2 8 0 5.5-4.78 10-10 10Z" />
    <path d="M2 21c0-3 1.85-5.36 5.08-6C9.5 14.52 12 13 13 12" />
  </>,
);

/** Props of {@link BrandMark}. */
export interface BrandMarkProps {
  /** The mark's side in pixels (36 in the headers). */
  readonly size?: number;
  readonly className?: string;
}

/**
 * The brand mark: a white leaf on a teal-to-leaf tile. Decorative (hidden from assistive
 * technology): the wordmark or the link around it carries the name.
 */
export function BrandMark({ size = 36, className }: BrandMarkProps) {
  const style: CSSProperties = {
    display: 'inline-grid',
    placeItems: 'center',
    flex: 'none',
    width: size,
    height: size,
    borderRadius: Math.round(size * 0.28),
    background: `linear-gradient(135deg, ${BRAND_COLORS.teal600}, ${BRAND_COLORS.leaf700})`,
    color: '#fff',
  };
  const leaf = Math.round(size * 0.61);
  return (
    <span className={className} style={style} aria-hidden="true">
      <BrandLeaf width={leaf} height={leaf} style={{ display: 'block' }} />
    </span>
  );
}
