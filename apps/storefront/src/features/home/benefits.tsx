import type { ComponentType, SVGProps } from 'react';
import { ShieldIcon, SproutIcon, TruckIcon } from '../ui/icons.js';

interface Benefit {
  readonly title: string;
  readonly text: string;
  readonly Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const BENEFITS: readonly Benefit[] = [
  {
    title: 'Fresh & Healthy Plants',
    text: 'Every plant is chosen for strong roots and vibrant leaves, so it settles into your tank and keeps growing.',
    Icon: SproutIcon,
  },
  {
    title: '30-Day Guarantee',
    text: 'All plants are covered by a 30-day guarantee and arrive with care instructions to help them thrive.',
    Icon: ShieldIcon,
  },
  {
    title: 'Fast Delivery',
    text: 'Quick dispatch across India in special aquatic packaging that keeps your plants moist and safe in transit.',
    Icon: TruckIcon,
  },
];

/** The three benefit blurbs; the footer's Care Guide link points here. */
export function Benefits() {
  return (
    <section id="care-guide" className="section section--tinted deferred-render" aria-labelledby="care-guide-title" tabIndex={-1}>
      <div className="container">
        <header className="section__header">
          <h2 id="care-guide-title" className="section__title">
            Why Choose Jalaj
          </h2>
          <p className="section__lead">Plants that arrive healthy, with everything you need to keep them that way.</p>
        </header>
        <ul className="benefits">
          {BENEFITS.map(({ title, text, Icon }) => (
            <li key={title} className="benefit">
              <span className="benefit__icon" aria-hidden="true">
                <Icon width={28} height={28} />
              </span>
              <h3 className="benefit__title">{title}</h3>
              <p className="benefit__text">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
