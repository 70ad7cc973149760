import type { BreadcrumbList, Organization, Product, WebSite, WithContext } from 'schema-dts';
import { z } from 'zod';

/**
 * A runtime check of the shop's JSON-LD (issue #40): what Google's rich results need of
 * each type it uses, strictly (no property schema.org does not define on it). Each schema's
 * type is checked against schema-dts's type of the same schema.org type below, so the check
 * cannot accept what schema.org does not.
 */

const CONTEXT = z.literal('https://schema.org');
/** An absolute http(s) URL. */
const absoluteUrl = z.url({ protocol: /^https?$/ });

export const organizationData = z.strictObject({
  '@context': CONTEXT,
  '@type': z.literal('Organization'),
  '@id': absoluteUrl,
  name: z.string().min(1),
  url: absoluteUrl,
  logo: absoluteUrl,
  email: z.email(),
  telephone: z.string().regex(/^\+\d{10,15}$/),
  address: z.strictObject({ '@type': z.literal('PostalAddress'), addressLocality: z.string().min(1), addressCountry: z.literal('IN') }),
});

export const websiteData = z.strictObject({
  '@context': CONTEXT,
  '@type': z.literal('WebSite'),
  '@id': absoluteUrl,
  name: z.string().min(1),
  url: absoluteUrl,
  inLanguage: z.literal('en-IN'),
  publisher: z.strictObject({ '@id': absoluteUrl }),
});

export const productData = z.strictObject({
  '@context': CONTEXT,
  '@type': z.literal('Product'),
  '@id': absoluteUrl,
  name: z.string().min(1),
  description: z.string().min(1).optional(),
  image: z.array(absoluteUrl).min(1).optional(),
  sku: z.string().min(1),
  url: absoluteUrl,
  offers: z.strictObject({
    '@type': z.literal('Offer'),
    url: absoluteUrl,
    /** Rupees with two decimals, as schema.org asks (a dot, no currency sign or grouping). */
    price: z.string().regex(/^\d+\.\d{2}$/),
    priceCurrency: z.literal('INR'),
    availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock']),
    itemCondition: z.literal('https://schema.org/NewCondition'),
    seller: z.strictObject({ '@type': z.literal('Organization'), '@id': absoluteUrl, name: z.string().min(1) }),
  }),
});

export const breadcrumbData = z.strictObject({
  '@context': CONTEXT,
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(z.strictObject({ '@type': z.literal('ListItem'), position: z.number().int().positive(), name: z.string().min(1), item: z.strictObject({ '@id': absoluteUrl }) }))
    .min(2)
    .refine((items) => items.every((item, i) => item.position === i + 1), 'positions run 1, 2, …'),
});

/** Compiles only when every value the runtime check accepts is a value of schema-dts's type. */
type Conforms<Checked, SchemaOrg> = Checked extends SchemaOrg ? true : false;
const conforms: [
  Conforms<z.infer<typeof organizationData>, WithContext<Organization>>,
  Conforms<z.infer<typeof websiteData>, WithContext<WebSite>>,
  Conforms<z.infer<typeof productData>, WithContext<Product>>,
  Conforms<z.infer<typeof breadcrumbData>, WithContext<BreadcrumbList>>,
] = [true, true, true, true];
void conforms;

/** The JSON-LD a page carries, by `@type`, each checked by its schema above; throws naming what is wrong. */
export function checkStructuredData(blocks: readonly string[]): Map<string, Record<string, unknown>> {
  const schemas: Record<string, z.ZodType> = { Organization: organizationData, WebSite: websiteData, Product: productData, BreadcrumbList: breadcrumbData };
  const byType = new Map<string, Record<string, unknown>>();
  for (const block of blocks) {
    const data = JSON.parse(block) as Record<string, unknown>;
    const type = String(data['@type']);
    const schema = schemas[type];
    if (!schema) throw new Error(`JSON-LD of a type the shop does not use: ${type}`);
    const checked = schema.safeParse(data);
    if (!checked.success) throw new Error(`JSON-LD ${type} is not valid: ${z.prettifyError(checked.error)}`);
    byType.set(type, data);
  }
  return byType;
}
