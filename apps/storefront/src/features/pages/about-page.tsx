import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router-dom';
import { AwardIcon, LeafIcon, MailIcon, MapPinIcon, PhoneIcon, ShieldIcon, SproutIcon, TruckIcon } from '../ui/icons.js';
import { SHOP_CONTACT, SHOP_PHONE_HREF } from './contact.js';
import { StaticPage } from './static-page.js';

const IMPACT: readonly { readonly figure: string; readonly label: string }[] = [
  { figure: '10,000+', label: 'plants delivered' },
  { figure: '2,500+', label: 'happy aquarists' },
  { figure: '25+', label: 'states and union territories reached' },
  { figure: '30 days', label: 'guarantee on every plant' },
];

const REASONS: readonly { readonly title: string; readonly text: string; readonly Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  {
    title: 'Fresh and healthy plants',
    text: 'Every order is picked from our tanks on the day it ships, checked leaf by leaf and cleaned of snails and algae.',
    Icon: SproutIcon,
  },
  {
    title: '30-day guarantee',
    text: 'All plants are covered for 30 days and come with care instructions, so you know how to help them settle in.',
    Icon: ShieldIcon,
  },
  {
    title: 'Fast, careful delivery',
    text: 'Special aquatic packaging keeps roots moist and leaves safe, and most orders arrive within 3-5 business days.',
    Icon: TruckIcon,
  },
  {
    title: 'Advice from hobbyists',
    text: 'We keep planted tanks ourselves. Ask us about light, CO2 or which carpet suits your tank and we will help.',
    Icon: AwardIcon,
  },
];

/** The About page's address, heading and lead (also its title and description for search engines). */
export const ABOUT = {
  path: '/about-us',
  title: 'About Us',
  lead: 'A small aquarium plant nursery in Kolkata, sending healthy plants to aquarists across India.',
} as const;

/** `/about-us`: the shop's story, mission, impact figures, reasons to choose it and how to reach it. */
export function AboutPage() {
  return (
    <StaticPage title={ABOUT.title} lead={ABOUT.lead}>
      <div className="about-grid">
        <section className="prose-section about-story" aria-labelledby="about-story">
          <h2 id="about-story">Our story</h2>
          <p>
            Jalaj began with a single planted tank in a Kolkata flat and the frustration of ordering plants that arrived
            limp, melted or full of pests. We started growing our own, then growing for friends, and soon for aquarists all
            over the country.
          </p>
          <p>
            Today we grow and hold foreground carpets, midground accents and background stems in our own tanks, and we pack
            every order by hand. The name means &ldquo;born of water&rdquo;, which is exactly what our plants are.
          </p>
        </section>
        <section className="prose-section about-mission" aria-labelledby="about-mission">
          <span className="about-mission__icon" aria-hidden="true">
            <LeafIcon width={28} height={28} />
          </span>
          <h2 id="about-mission">Our mission</h2>
          <p>
            To make planted aquariums easy and affordable for everyone in India: healthy plants at fair prices, honest
            advice, and packaging that gets them to your door in the shape they left us.
          </p>
        </section>
      </div>

      <section className="about-section" aria-labelledby="about-impact">
        <h2 id="about-impact" className="about-section__title">
          Our impact
        </h2>
        <ul className="impact">
          {IMPACT.map(({ figure, label }) => (
            <li key={label} className="impact__item">
              <span className="impact__figure">{figure}</span>
              <span className="impact__label">{label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-section" aria-labelledby="about-why">
        <h2 id="about-why" className="about-section__title">
          Why choose Jalaj
        </h2>
        <ul className="reasons">
          {REASONS.map(({ title, text, Icon }) => (
            <li key={title} className="reason">
              <span className="reason__icon" aria-hidden="true">
                <Icon width={24} height={24} />
              </span>
              <h3 className="reason__title">{title}</h3>
              <p className="reason__text">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-section contact-block" aria-labelledby="about-contact">
        <div>
          <h2 id="about-contact" className="about-section__title">
            Get in touch
          </h2>
          <p className="contact-block__lead">
            Questions about a plant, an order or your aquascape? Write or call us, {SHOP_CONTACT.hours}.
          </p>
        </div>
        <address className="contact-block__list">
          <a href={`mailto:${SHOP_CONTACT.email}`} className="contact-block__item">
            <MailIcon width={20} height={20} />
            <span>
              <span className="contact-block__label">Email</span>
              {SHOP_CONTACT.email}
            </span>
          </a>
          <a href={SHOP_PHONE_HREF} className="contact-block__item">
            <PhoneIcon width={20} height={20} />
            <span>
              <span className="contact-block__label">Phone</span>
              {SHOP_CONTACT.phone}
            </span>
          </a>
          <p className="contact-block__item">
            <MapPinIcon width={20} height={20} />
            <span>
              <span className="contact-block__label">Location</span>
              {SHOP_CONTACT.region}
            </span>
          </p>
        </address>
        <Link to={{ pathname: '/', hash: '#plants' }} className="button button--primary contact-block__cta">
          Browse Plants
        </Link>
      </section>
    </StaticPage>
  );
}
