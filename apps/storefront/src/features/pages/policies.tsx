import { formatRupees, REGIONAL_SHIPPING_PAISE, STANDARD_SHIPPING_PAISE } from '@jalaj/commerce';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_CONTACT, SHOP_PHONE_HREF } from './contact.js';
import { PageSection } from './static-page.js';

/** The four policy pages. */
export type PolicyId = 'terms' | 'privacy' | 'refund' | 'shipping';

interface Policy {
  readonly path: string;
  readonly title: string;
  readonly lead: string;
  readonly Content: () => ReactNode;
}

function ContactLine() {
  return (
    <p>
      Email <a href={`mailto:${SHOP_CONTACT.email}`}>{SHOP_CONTACT.email}</a> or call <a href={SHOP_PHONE_HREF}>{SHOP_CONTACT.phone}</a>,{' '}
      {SHOP_CONTACT.hours}. We are based in {SHOP_CONTACT.region}.
    </p>
  );
}

function TermsContent() {
  return (
    <>
      <PageSection title="About these terms">
        <p>
          These terms apply to every visit to the Jalaj website and every order placed on it. By browsing the shop, creating
          an account or placing an order you accept them. Jalaj is an online shop for aquarium plants based in Kolkata,
          India.
        </p>
      </PageSection>
      <PageSection title="Your account">
        <p>
          You sign in with your email address and a password. Keep your password to yourself: you are responsible for what
          is done with your account. Tell us straight away if you think someone else has used it.
        </p>
      </PageSection>
      <PageSection title="Plants, prices and discounts">
        <ul>
          <li>All prices are in Indian rupees (₹) and include applicable taxes. Shipping is added at checkout.</li>
          <li>
            Plants are living things: each one differs slightly in size, shape and colour from the photos, which show a
            typical specimen.
          </li>
          <li>
            Volume discounts apply to the quantity of one plant in your cart, from 5% off for 3 or more up to 30% off for 20
            or more. The Discounts table on each product page shows every tier.
          </li>
          <li>We may change prices and availability at any time; the price in your cart when you pay is the price you pay.</li>
        </ul>
      </PageSection>
      <PageSection title="Orders and payment">
        <p>
          An order is placed when your online payment succeeds. Payments are handled by our mobile payment provider; we never
          see or store your card or UPI details. If a payment fails, no order is created and you can try again from your cart.
          We may cancel an order we cannot fulfil, in which case any amount paid is returned to you in full.
        </p>
      </PageSection>
      <PageSection title="Delivery, guarantee and refunds">
        <p>
          Orders are processed and delivered within 7 business days; see our <Link to="/shipping-policy">Shipping Policy</Link>.
          Every plant is covered by our 30-day guarantee. No return no refund: see our{' '}
          <Link to="/refund-policy">Refund Policy</Link> for what the guarantee covers.
        </p>
      </PageSection>
      <PageSection title="Responsible keeping">
        <p>
          Aquarium plants must never be released into ponds, lakes, rivers or drains, where some species become invasive.
          Dispose of trimmings in household waste.
        </p>
      </PageSection>
      <PageSection title="Law and disputes">
        <p>
          These terms are governed by the laws of India. Any dispute will be settled by the courts of Kolkata, West Bengal.
          We may update these terms; the version on this page on the day you order applies to that order.
        </p>
      </PageSection>
    </>
  );
}

function PrivacyContent() {
  return (
    <>
      <PageSection title="What we collect">
        <ul>
          <li>Your name, email address and password (stored only as a secure hash) when you create an account.</li>
          <li>The shipping and billing addresses and phone numbers you save for delivery.</li>
          <li>Your cart and your order history: what you bought, when, and the amounts paid.</li>
          <li>The payment reference and status our payment provider sends back. We never receive your card or UPI details.</li>
        </ul>
      </PageSection>
      <PageSection title="How we use it">
        <ul>
          <li>To process, pack and deliver your orders and to send you invoices.</li>
          <li>To keep you signed in and keep your cart between visits.</li>
          <li>To answer your questions and send emails you asked for, such as password resets.</li>
        </ul>
        <p>We do not sell your data and we do not send marketing emails without your consent.</p>
      </PageSection>
      <PageSection title="Who we share it with">
        <p>
          Only with those who help us complete your order: the payment provider (the amount and a reference), and the courier
          (your name, delivery address and phone number). They may use it only for that purpose.
        </p>
      </PageSection>
      <PageSection title="Cookies">
        <p>
          We use one essential cookie to keep you signed in securely. We do not use advertising or tracking cookies.
        </p>
      </PageSection>
      <PageSection title="How long we keep it">
        <p>
          Account details are kept while your account exists. Order records are kept for as long as Indian tax and accounting
          law requires.
        </p>
      </PageSection>
      <PageSection title="Your choices">
        <p>
          You can see and change your name and addresses in My Account at any time. To get a copy of your data or to close
          your account, contact us and we will reply within 30 days.
        </p>
      </PageSection>
    </>
  );
}

function RefundContent() {
  return (
    <>
      <div className="policy-callout">
        <p className="policy-callout__title">No return no refund.</p>
        <p>Live plants cannot be sent back, so we do not accept returns and do not refund orders once they have shipped.</p>
      </div>
      <PageSection title="Our 30-day guarantee">
        <p>
          Instead of a refund, every plant is covered by our 30-day guarantee. If a plant arrives dead or damaged, or dies
          within 30 days of delivery although you followed the care instructions that came with it, we will send you a
          replacement of the same plant free of charge.
        </p>
      </PageSection>
      <PageSection title="How to claim">
        <ol>
          <li>Take clear photos of the plant (and of the parcel, if it arrived damaged).</li>
          <li>Email them to us with your order number within 30 days of delivery.</li>
          <li>We reply within 2 business days and ship the replacement with your next order or on its own.</li>
        </ol>
      </PageSection>
      <PageSection title="What the guarantee does not cover">
        <ul>
          <li>Melting of Cryptocoryne leaves after planting, which is normal; the plant regrows from its roots.</li>
          <li>Plants kept in conditions very different from the ones on the product page (light, CO2, water hardness).</li>
          <li>Damage from fish, snails, chemicals or medication in the tank.</li>
        </ul>
      </PageSection>
      <PageSection title="Cancelled or failed orders">
        <p>
          If a payment fails, no money is taken and no order is created. If we cancel an order we cannot fulfil, the amount
          paid is returned to your original payment method.
        </p>
      </PageSection>
    </>
  );
}

function ShippingContent() {
  return (
    <>
      <PageSection title="Processing and delivery times">
        <p>
          We process and deliver every order within 7 business days. Expected delivery is 3-5 business days for most
          addresses in India. Plants are packed on the day they ship, so they spend as little time in transit as possible.
        </p>
      </PageSection>
      <PageSection title="Where we deliver">
        <p>
          We ship from {SHOP_CONTACT.city} to addresses all across India, including the Andaman and Nicobar Islands. We do not
          ship outside India.
        </p>
      </PageSection>
      <PageSection title="Shipping charges">
        <p>The charge depends on the postal code of the shipping address and is shown at checkout before you pay:</p>
        <table className="policy-table">
          <thead>
            <tr>
              <th scope="col">Postal code</th>
              <th scope="col">Charge</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>700000 to 749999 (West Bengal and Sikkim), except the Andaman and Nicobar Islands</td>
              <td>{formatRupees(REGIONAL_SHIPPING_PAISE)}</td>
            </tr>
            <tr>
              <td>744000 to 744999 (Andaman and Nicobar Islands)</td>
              <td>{formatRupees(STANDARD_SHIPPING_PAISE)}</td>
            </tr>
            <tr>
              <td>All other postal codes in India</td>
              <td>{formatRupees(STANDARD_SHIPPING_PAISE)}</td>
            </tr>
          </tbody>
        </table>
      </PageSection>
      <PageSection title="Packaging">
        <p>
          Plants travel in special aquatic packaging: wrapped in moist paper, sealed in breathable bags and cushioned in a box,
          so roots stay damp and leaves arrive intact even in summer.
        </p>
      </PageSection>
      <PageSection title="When your parcel arrives">
        <p>
          Open it the same day, rinse the plants and put them in your tank as soon as you can. If anything arrived damaged,
          take photos and contact us: our <Link to="/refund-policy">30-day guarantee</Link> covers it.
        </p>
      </PageSection>
    </>
  );
}

/** The policy pages: their address, heading, one-line summary and text. */
export const POLICIES: Readonly<Record<PolicyId, Policy>> = Object.freeze({
  terms: { path: '/terms-conditions', title: 'Terms & Conditions', lead: 'The rules for using the Jalaj shop and ordering from us.', Content: TermsContent },
  privacy: { path: '/privacy-policy', title: 'Privacy Policy', lead: 'What we collect about you, why, and who sees it.', Content: PrivacyContent },
  refund: { path: '/refund-policy', title: 'Refund Policy', lead: 'Returns, refunds and our 30-day guarantee on every plant.', Content: RefundContent },
  shipping: { path: '/shipping-policy', title: 'Shipping Policy', lead: 'How and when your plants reach you, and what delivery costs.', Content: ShippingContent },
});

/** A policy page: its text and the contact section every policy ends with, then links to the other three. */
export function PolicyPage({ policy }: { readonly policy: PolicyId }) {
  const { Content } = POLICIES[policy];
  const others = (Object.keys(POLICIES) as PolicyId[]).filter((id) => id !== policy);
  return (
    <>
      <article className="prose">
        <Content />
        <PageSection title="Contact">
          <ContactLine />
        </PageSection>
      </article>
      <nav className="policy-links" aria-label="Other policies">
        <h2 className="policy-links__title">Other policies</h2>
        <ul>
          {others.map((id) => (
            <li key={id}>
              <Link to={POLICIES[id].path}>{POLICIES[id].title}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
