import { Link } from 'react-router-dom';
import { FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon } from '../ui/icons.js';
import { BrandLink } from './site-header.js';
import { SHOP_CONTACT, SHOP_PHONE_HREF } from '../pages/contact.js';
import { SectionLink } from './section-link.js';


/** The site footer; its id is the target of the header's Contact link. */
export function SiteFooter() {
  return (
    <footer id="contact" className="site-footer deferred-render" tabIndex={-1}>
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <BrandLink />
          <p>Healthy aquarium plants, packed with care in Kolkata and delivered across India.</p>
          <div className="social">
            {/* The spec gives the social buttons no destination yet. */}
            <button type="button" className="social__button" aria-label="Jalaj on Instagram">
              <InstagramIcon width={20} height={20} />
            </button>
            <button type="button" className="social__button" aria-label="Jalaj on Facebook">
              <FacebookIcon width={20} height={20} />
            </button>
          </div>
        </div>

        <nav aria-labelledby="footer-shop" className="site-footer__col">
          <h2 id="footer-shop" className="site-footer__heading">
            Shop
          </h2>
          <ul>
            <li>
              <SectionLink sectionId="plants">All Plants</SectionLink>
            </li>
            <li>
              <SectionLink sectionId="care-guide">Care Guide</SectionLink>
            </li>
            <li>
              <Link to="/about-us">About Us</Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-policies" className="site-footer__col">
          <h2 id="footer-policies" className="site-footer__heading">
            Policies
          </h2>
          <ul>
            <li>
              <Link to="/terms-conditions">Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/refund-policy">Refund Policy</Link>
            </li>
            <li>
              <Link to="/shipping-policy">Shipping Policy</Link>
            </li>
          </ul>
        </nav>

        <div className="site-footer__col site-footer__contact">
          <h2 className="site-footer__heading">Contact</h2>
          <address>
            <ul className="contact-list">
              <li>
                <MailIcon width={18} height={18} />
                <a href={`mailto:${SHOP_CONTACT.email}`}>{SHOP_CONTACT.email}</a>
              </li>
              <li>
                <PhoneIcon width={18} height={18} />
                <a href={SHOP_PHONE_HREF}>{SHOP_CONTACT.phone}</a>
              </li>
              <li>
                <MapPinIcon width={18} height={18} />
                <span>{SHOP_CONTACT.region}</span>
              </li>
            </ul>
          </address>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>© 2025 Jalaj. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
