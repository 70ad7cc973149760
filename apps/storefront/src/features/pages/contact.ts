/**
 * The shop's contact details, as the footer, the About page and the policies show them.
 */
export const SHOP_CONTACT = Object.freeze({
  email: 'hello@jalaj.shop',
  phone: '+91 98765 43210',
  city: 'Kolkata',
  region: 'Kolkata, West Bengal, India',
  hours: 'Monday to Saturday, 10 am to 6 pm IST',
});

/** The phone number as a `tel:` link target. */
export const SHOP_PHONE_HREF = `tel:${SHOP_CONTACT.phone.replace(/\s/g, '')}`;
