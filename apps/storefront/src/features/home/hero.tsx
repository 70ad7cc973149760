import { AwardIcon, LockIcon, TruckIcon } from '../ui/icons.js';
import { SectionLink } from '../layout/section-link.js';

/** The landing page's opening section: headline, tagline and the way into the shop. */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">Aquarium plants from Kolkata</p>
          <h1 id="hero-title" className="hero__title">
            Grow a living, breathing aquarium
          </h1>
          <p className="hero__lead">
            Lush aquatic plants for every layer of your aquascape, delivered to your door anywhere in India.
          </p>
          <ul className="hero__tagline" aria-label="Why shop with Jalaj">
            <li>
              <LockIcon width={18} height={18} /> Secure checkout
            </li>
            <li>
              <TruckIcon width={18} height={18} /> Fast delivery
            </li>
            <li>
              <AwardIcon width={18} height={18} /> Quality you can see
            </li>
          </ul>
          <div className="hero__actions">
            <SectionLink sectionId="plants" className="button button--light">
              Shop Plants
            </SectionLink>
            <SectionLink sectionId="care-guide" className="button button--ghost-light">
              Care Guide
            </SectionLink>
          </div>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

function HeroArt() {
  return (
    <svg className="hero__art" viewBox="0 0 480 360" width="480" height="360" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-water" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7ed6c8" />
          <stop offset="1" stopColor="#2a9d8f" />
        </linearGradient>
        <linearGradient id="hero-sand" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f1e3c6" />
          <stop offset="1" stopColor="#d9c39b" />
        </linearGradient>
        <clipPath id="hero-tank">
          <rect x="20" y="30" width="440" height="300" rx="28" />
        </clipPath>
      </defs>
      <rect x="20" y="30" width="440" height="300" rx="28" fill="url(#hero-water)" />
      <g clipPath="url(#hero-tank)">
        <path d="M20 70c80-16 160 10 240-4s140-12 200 4" stroke="#ffffff" strokeOpacity=".35" strokeWidth="3" fill="none" />
        <path d="M20 290c70-20 150-18 220-6s150 10 220-8v84H20z" fill="url(#hero-sand)" />
        <g fill="none" strokeLinecap="round" strokeWidth="7">
          <path d="M90 300c-6-60 6-120 34-176" stroke="#1f7a4d" />
          <path d="M120 300c10-50 4-100-14-150" stroke="#25915b" />
          <path d="M360 300c-4-70 10-140 40-200" stroke="#1f7a4d" />
          <path d="M390 300c6-40 0-90-18-130" stroke="#2fa56a" />
        </g>
        <g fill="#3bb273">
          <path d="M124 124c-2-22 10-38 30-46-2 22-12 36-30 46z" />
          <path d="M106 150c-22-2-36-16-40-36 22 2 36 14 40 36z" />
          <path d="M100 206c-20-4-32-18-34-38 20 4 32 16 34 38z" />
          <path d="M110 180c4-20 18-32 38-34-4 20-16 32-38 34z" />
          <path d="M400 100c-2-24 10-40 32-48-2 24-14 38-32 48z" />
          <path d="M386 150c-24-4-38-18-42-40 24 4 38 18 42 40z" />
          <path d="M378 210c4-22 20-34 42-36-4 22-18 34-42 36z" />
          <path d="M372 170c-18 0-32-10-38-28 18 0 32 10 38 28z" />
        </g>
        <g fill="#56c98b">
          <ellipse cx="230" cy="282" rx="70" ry="22" />
          <ellipse cx="196" cy="272" rx="34" ry="16" />
          <ellipse cx="262" cy="270" rx="38" ry="18" />
        </g>
        <g fill="#166b44">
          <path d="M214 262c-4-18 2-34 14-46 4 18-2 34-14 46z" />
          <path d="M244 262c2-18 12-30 28-36-2 18-12 30-28 36z" />
          <path d="M230 258c-2-22 4-40 18-54 2 22-4 40-18 54z" />
        </g>
        <g className="hero__bubbles" fill="#ffffff" fillOpacity=".75">
          <circle cx="300" cy="220" r="7" />
          <circle cx="312" cy="180" r="5" />
          <circle cx="298" cy="140" r="4" />
          <circle cx="316" cy="104" r="3" />
        </g>
        <g transform="translate(250 150)">
          <path d="M0 0c16-18 46-18 62 0-16 18-46 18-62 0z" fill="#ff8a5b" />
          <path d="M62 0l18-14v28z" fill="#ff8a5b" />
          <circle cx="14" cy="-3" r="3" fill="#0a3d3a" />
        </g>
      </g>
      <rect x="20" y="30" width="440" height="300" rx="28" fill="none" stroke="#ffffff" strokeOpacity=".5" strokeWidth="4" />
    </svg>
  );
}
