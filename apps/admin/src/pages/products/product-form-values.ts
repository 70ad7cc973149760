import {
  DEFAULT_PRODUCT_CATEGORY,
  paiseToDecimalString,
  PLANT_ATTRIBUTE_OPTIONS,
  type PlantAttributes,
  plantAttributesToSave,
  PRODUCT_CATEGORIES,
  type SelectOption,
} from '@jalaj/commerce';
import type { Product, ProductInput } from '@jalaj/contracts';

/** The fields of the product form as antd holds them (images live beside the form). */
export interface ProductFormValues {
  readonly name?: string;
  readonly category?: string;
  readonly description?: string;
  /** Rupees as typed, e.g. `'249.50'` (InputNumber in string mode, so no float rounding). */
  readonly price?: string | number | null;
  readonly stockQuantity?: string | number | null;
  readonly plantDifficulty?: string;
  readonly co2Requirement?: string;
  readonly lightRequirement?: string;
  readonly carbonateHardnessKh?: string;
  readonly generalHardnessGh?: string;
  /** The optional pasted image address (or JSON-array text); applied to the image list, never sent. */
  readonly imageUrl?: string;
}

/** The fields the form can show an error on, server field errors included. */
export type ProductFormField = keyof ProductFormValues;

/** The five selects of the Plants Information group, in the form's order. */
export const PLANT_ATTRIBUTE_FIELDS: readonly { readonly name: keyof PlantAttributes; readonly label: string }[] = [
  { name: 'plantDifficulty', label: 'Plant Difficulty' },
  { name: 'co2Requirement', label: 'CO2 Requirement' },
  { name: 'lightRequirement', label: 'Light Requirement' },
  { name: 'carbonateHardnessKh', label: 'Carbonate Hardness (KH)' },
  { name: 'generalHardnessGh', label: 'General Hardness (GH)' },
];

/**
 * An emptied form (spec §4: closing or cancelling resets the form to empty,
 * with category aquatic_plant). The category select offers only foreground,
 * midground and background, so presetting it to aquatic_plant would show an
 * option the admin cannot choose again. The select is left empty instead and
 * {@link toProductInput} stores aquatic_plant when nothing was chosen: the
 * same record results, without offering a category the form no longer has.
 */
export const EMPTY_PRODUCT_FORM: ProductFormValues = Object.freeze({});

const nonEmpty = (value: string | null | undefined): string | undefined => (value ? value : undefined);

/**
 * The form values of a stored product, for Edit Product.
 *
 * @param product - The product as listed.
 * @returns The values to load; the price as rupees text.
 */
export function productToFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    category: nonEmpty(product.category),
    description: product.description,
    price: paiseToDecimalString(product.pricePaise),
    stockQuantity: String(product.stockQuantity),
    plantDifficulty: nonEmpty(product.plantDifficulty),
    co2Requirement: nonEmpty(product.co2Requirement),
    lightRequirement: nonEmpty(product.lightRequirement),
    carbonateHardnessKh: nonEmpty(product.carbonateHardnessKh),
    generalHardnessGh: nonEmpty(product.generalHardnessGh),
  };
}

/**
 * The request body of create and update: every field, since PATCH replaces
 * them all. Plant attributes go only when set and not `not_specified` (spec §5).
 *
 * @param values - The checked form values.
 * @param imageUrls - The product's images, main first.
 * @returns The body for `POST /api/admin/products` or `PATCH …/:id`.
 */
export function toProductInput(values: ProductFormValues, imageUrls: readonly string[]): ProductInput {
  return {
    name: (values.name ?? '').trim(),
    description: (values.description ?? '').trim(),
    price: typeof values.price === 'number' ? values.price : (values.price ?? '').trim(),
    stockQuantity: typeof values.stockQuantity === 'number' ? values.stockQuantity : (values.stockQuantity ?? '').trim(),
    category: values.category || DEFAULT_PRODUCT_CATEGORY,
    imageUrls: [...imageUrls],
    ...plantAttributesToSave(values),
  };
}

/**
 * The category options: the form's three, plus the product's own category when
 * it is another one (old records hold aquatic_plant), so that editing shows it.
 *
 * @param current - The category the product holds.
 * @param label - How to show a category that is not offered.
 * @returns The options of the Category select.
 */
export function categoryOptions(current: string | undefined, label: (category: string) => string): SelectOption[] {
  const offered: SelectOption[] = PRODUCT_CATEGORIES.map(({ value, label: text }) => ({ value, label: text }));
  if (current && !offered.some((option) => option.value === current)) offered.push({ value: current, label: label(current) });
  return offered;
}

/**
 * The options of one plant attribute select, plus a stored value that is no
 * longer an option, so that editing shows what the product holds.
 *
 * @param field - Which attribute.
 * @param current - The stored value.
 * @returns The select's options, "Not specified" first.
 */
export function attributeOptions(field: keyof PlantAttributes, current: string | undefined): SelectOption[] {
  const offered = [...PLANT_ATTRIBUTE_OPTIONS[field]];
  if (current && !offered.some((option) => option.value === current)) offered.push({ value: current, label: current });
  return offered;
}
