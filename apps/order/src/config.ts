import { z } from 'zod';
import { DEFAULT_HOLD_LIMITS, gstStateCode, isBillPrefix, isGstin, type HoldLimits } from '@jalaj/commerce';
import { databaseConfigSchema, type BaseConfig } from '@jalaj/server-kit';

/**
 * PhonePe Standard Checkout v2 (see docs/payments.md). Base URLs point at PhonePe's UAT or
 * production hosts, or at the sandbox (`apps/phonepe-sandbox`), which `npm start` and the
 * tests use. Production refuses to start without the credentials of `PHONEPE_REQUIRED` (`PhonePeModule`).
 */
export const phonePeConfigSchema = z.object({
  /** Payments host: `https://api-preprod.phonepe.com/apis/pg-sandbox` (UAT), `https://api.phonepe.com/apis/pg` (production). */
  PHONEPE_BASE_URL: z.url().optional(),
  /** Token host; PHONEPE_BASE_URL when unset (UAT), `https://api.phonepe.com/apis/identity-manager` in production. */
  PHONEPE_TOKEN_URL: z.url().optional(),
  PHONEPE_CLIENT_ID: z.string().min(1).optional(),
  PHONEPE_CLIENT_SECRET: z.string().min(1).optional(),
  PHONEPE_CLIENT_VERSION: z.coerce.number().int().min(1).default(1),
  /** The webhook credentials configured on PhonePe's dashboard: PhonePe sends SHA-256 of `username:password`. */
  PHONEPE_WEBHOOK_USERNAME: z.string().min(1).optional(),
  PHONEPE_WEBHOOK_PASSWORD: z.string().min(1).optional(),
  /**
   * How long a payment may take, in seconds (PhonePe's expireAfter: 300 to 3600); its stock is
   * held that long and a little longer. PhonePe's shortest by default: an unpaid checkout holds
   * its plants for minutes, not a quarter of an hour (ADR 073).
   */
  PAYMENT_EXPIRE_AFTER_SECONDS: z.coerce.number().int().min(300).max(3600).default(300),
  /** First reconciliation of a pending payment after it started, in seconds (PhonePe's schedule: 20 to 25). */
  PAYMENT_RECONCILE_FIRST_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
});

/**
 * What an unpaid checkout may hold (docs/adr/073-what-an-unpaid-checkout-may-hold.md; the
 * defaults are `DEFAULT_HOLD_LIMITS` of libs/commerce). A checkout over one is refused
 * before any stock is held.
 */
export const holdLimitsConfigSchema = z.object({
  /** Units of one plant one order may buy. */
  CHECKOUT_MAX_UNITS_PER_PLANT: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_HOLD_LIMITS.maxUnitsPerPlant),
  /** Payments of one shopper PhonePe may still complete at once. */
  CHECKOUT_MAX_OPEN_PAYMENTS: z.coerce.number().int().min(1).max(100).default(DEFAULT_HOLD_LIMITS.maxOpenPayments),
  /** The share (percent) of a plant's stock one unpaid checkout may hold (at least one unit); 100 lets it take all. */
  CHECKOUT_HOLD_MAX_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(DEFAULT_HOLD_LIMITS.maxSharePercent),
});

/** The limits as libs/commerce's rules take them. */
export function holdLimitsOf(config: z.infer<typeof holdLimitsConfigSchema>): HoldLimits {
  return {
    maxUnitsPerPlant: config.CHECKOUT_MAX_UNITS_PER_PLANT,
    maxOpenPayments: config.CHECKOUT_MAX_OPEN_PAYMENTS,
    maxSharePercent: config.CHECKOUT_HOLD_MAX_SHARE_PERCENT,
  };
}

/**
 * The seller printed on bills of supply (docs/adr/019-orders-bills-and-fulfilment.md, 079).
 * The defaults are a demo shop in Kolkata: a real shop sets its own name, address, GSTIN,
 * phone and email.
 */
export const sellerConfigSchema = z.object({
  SELLER_NAME: z.string().trim().min(1).max(120).default('Jalaj Aquatics'),
  /** The address lines, separated by `|`. */
  SELLER_ADDRESS: z
    .string()
    .default('14 College Street|Kolkata 700073, West Bengal')
    .transform((v) => v.split('|').map((l) => l.trim()).filter(Boolean))
    .refine((lines) => lines.length > 0, 'SELLER_ADDRESS needs at least one line (lines separated by |)'),
  /** 15 characters: state code, PAN, entity number, Z, check character. */
  SELLER_GSTIN: z.string().trim().toUpperCase().refine(isGstin, 'SELLER_GSTIN must be a 15-character GSTIN like 19ABCDE1234F1Z5').default('19ABCDE1234F1Z5'),
  SELLER_STATE: z.string().trim().refine((s) => gstStateCode(s) !== null, 'SELLER_STATE must be an Indian state or union territory').default('West Bengal'),
  /** The phone a buyer calls about a bill: digits, spaces, `+`, `-` and brackets (`+91 33 2241 0000`). */
  SELLER_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{6,20}$/, 'SELLER_PHONE must be a phone number like +91 33 2241 0000')
    .refine((v) => v.replace(/\D/g, '').length >= 6, 'SELLER_PHONE must have at least 6 digits')
    .default('+91 33 2241 0000'),
  /** The address a buyer writes to about a bill. */
  SELLER_EMAIL: z.string().trim().pipe(z.email('SELLER_EMAIL must be an email address like hello@jalaj.shop')).default('hello@jalaj.shop'),
  /** 1 to 4 letters or digits: the bills read `<prefix>/<yy-yy>/<serial>`. */
  BILL_SERIAL_PREFIX: z.string().trim().refine(isBillPrefix, 'BILL_SERIAL_PREFIX must be 1 to 4 letters or digits').default('JLJ'),
});

/**
 * The seller as bills print it. Throws at boot when the GSTIN does not begin with the
 * seller state's code (checked here: the kit merges the schemas' fields, not object refinements).
 */
export function sellerOf(config: z.infer<typeof sellerConfigSchema>) {
  const stateCode = gstStateCode(config.SELLER_STATE)!;
  if (config.SELLER_GSTIN.slice(0, 2) !== stateCode) throw new Error(`SELLER_GSTIN must start with ${stateCode}, the state code of SELLER_STATE (${config.SELLER_STATE})`);
  return { name: config.SELLER_NAME, address: config.SELLER_ADDRESS, gstin: config.SELLER_GSTIN, state: config.SELLER_STATE, stateCode, phone: config.SELLER_PHONE, email: config.SELLER_EMAIL };
}

/** The admins' daily mail of the orders that wait for a decision (docs/adr/081-needs-attention.md). */
export const attentionConfigSchema = z.object({
  /** The hour of the India day (0–23) from which the day's mail goes out, once a day across replicas. */
  ATTENTION_MAIL_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /** How often each replica checks whether the day's mail is due, in seconds. */
  ATTENTION_MAIL_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

/** The order service's own variables (its database, PhonePe, the hold limits, the seller, the daily mail); bootstrapService adds the base ones and validates them all at boot. */
export const orderConfigSchema = databaseConfigSchema.extend({ ...phonePeConfigSchema.shape, ...holdLimitsConfigSchema.shape, ...sellerConfigSchema.shape, ...attentionConfigSchema.shape });

/** The PhonePe variables production cannot run without. */
export const PHONEPE_REQUIRED = ['PHONEPE_BASE_URL', 'PHONEPE_CLIENT_ID', 'PHONEPE_CLIENT_SECRET', 'PHONEPE_WEBHOOK_USERNAME', 'PHONEPE_WEBHOOK_PASSWORD'] as const;

/** The order service's configuration object; inject it with `@InjectConfig()`. */
export type OrderConfig = BaseConfig & z.infer<typeof orderConfigSchema>;
