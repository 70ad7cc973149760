import type { SVGProps } from 'react';

// Drawn like the shared icons (features/ui/icons.tsx): decorative, the text beside them names the control.
const stroke = { viewBox: '0 0 24 24', width: 24, height: 24, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

/** A sheet of paper with lines: the invoice. */
export function ReceiptIcon(props: Omit<SVGProps<SVGSVGElement>, 'children'>) {
  return (
    <svg {...stroke} {...props}>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6" />
      <path d="M16 13H8" />
      <path d="M16 17H8" />
      <path d="M10 9H8" />
    </svg>
  );
}

/** A printer: Print on the invoice page. */
export function PrinterIcon(props: Omit<SVGProps<SVGSVGElement>, 'children'>) {
  return (
    <svg {...stroke} {...props}>
      <path d="M6 9V2h12v7" />
      <path d="M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
      <path d="M6 14h12v8H6z" />
    </svg>
  );
}
