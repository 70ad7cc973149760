import {
  DEFAULT_PRODUCT_CATEGORY,
  IMAGE_MESSAGES,
  MAX_IMAGES_PER_PRODUCT,
  parseImageUrls,
  parseProductPrice,
  parseStockQuantity,
  PLANT_ATTRIBUTE_OPTIONS,
  plantAttributesToSave,
  PRODUCT_CATEGORIES,
  PRODUCT_FORM_MESSAGES,
  validateProductForm,
  type PlantAttributes,
} from '@jalaj/commerce';
import type { FieldError, ProductInput } from '@jalaj/contracts';

/** A product form turned into column values, or the field errors that stop it. */
export type CheckedProduct =
  | {
      ok: true;
      value: {
        name: string;
        description: string;
        pricePaise: number;
        stockQuantity: number;
        category: string;
        imageUrls: string[];
        attributes: Partial<Record<keyof PlantAttributes, string>>;
      };
    }
  | { ok: false; errors: FieldError[] };

const CATEGORIES = new Set<string>([...PRODUCT_CATEGORIES.map((c) => c.value), DEFAULT_PRODUCT_CATEGORY]);
/** Our own stored images, or an absolute http(s) address pasted by an admin. */
const IMAGE_URL = /^(\/media\/[A-Za-z0-9/_.-]+|https?:\/\/\S+)$/;

/** Applies the product form rules (commerce) on the server: the admin screen's checks are only a convenience. */
export function checkProductInput(input: ProductInput): CheckedProduct {
  const errors: FieldError[] = validateProductForm({ name: input.name, price: input.price, stockQuantity: input.stockQuantity });
  const category = input.category?.trim() || DEFAULT_PRODUCT_CATEGORY;
  if (!CATEGORIES.has(category)) errors.push({ field: 'category', message: PRODUCT_FORM_MESSAGES.categoryInvalid });

  // Each entry may itself be legacy JSON-array text; flatten before counting.
  const imageUrls = (input.imageUrls ?? []).flatMap((u) => parseImageUrls(u));
  if (imageUrls.length > MAX_IMAGES_PER_PRODUCT) errors.push({ field: 'imageUrls', message: IMAGE_MESSAGES.tooManyText });
  if (imageUrls.some((u) => !IMAGE_URL.test(u))) errors.push({ field: 'imageUrls', message: PRODUCT_FORM_MESSAGES.imageUrlInvalid });

  const attributes = plantAttributesToSave({
    plantDifficulty: input.plantDifficulty ?? undefined,
    co2Requirement: input.co2Requirement ?? undefined,
    lightRequirement: input.lightRequirement ?? undefined,
    carbonateHardnessKh: input.carbonateHardnessKh ?? undefined,
    generalHardnessGh: input.generalHardnessGh ?? undefined,
  });
  for (const [key, value] of Object.entries(attributes) as [keyof PlantAttributes, string][]) {
    if (!PLANT_ATTRIBUTE_OPTIONS[key].some((o) => o.value === value)) errors.push({ field: key, message: PRODUCT_FORM_MESSAGES.optionInvalid });
  }
  if (errors.length) return { ok: false, errors };

  const price = parseProductPrice(input.price);
  const stock = parseStockQuantity(input.stockQuantity);
  if (!price.ok || !stock.ok) return { ok: false, errors };
  return {
    ok: true,
    value: { name: input.name.trim(), description: (input.description ?? '').trim(), pricePaise: price.paise, stockQuantity: stock.stock, category, imageUrls, attributes },
  };
}
