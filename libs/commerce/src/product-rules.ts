import { rupeesToPaise } from './money.js';
import { type FieldError, trimmedText } from './validation.js';

/** At most this many images per product, uploads and existing ones together. */
export const MAX_IMAGES_PER_PRODUCT = 4;

/** The largest accepted image file, in bytes (5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The image types the shop accepts (JPG, PNG and WebP). */
export const ALLOWED_IMAGE_TYPES = Object.freeze(['image/jpeg', 'image/png', 'image/webp'] as const);

/** One of {@link ALLOWED_IMAGE_TYPES}. */
export type ImageMimeType = (typeof ALLOWED_IMAGE_TYPES)[number];

/** The `accept` attribute of the image file input. */
export const IMAGE_INPUT_ACCEPT = ALLOWED_IMAGE_TYPES.join(',');

/** The image shown when a product has none. */
export const PLACEHOLDER_IMAGE_URL = '/placeholder.svg';

/** The text of an empty gallery slot on the product page. */
export const NO_IMAGE_TEXT = 'No Image';

/** Titles and texts of the image upload toasts. */
export const IMAGE_MESSAGES = Object.freeze({
  tooManyTitle: 'Too many images',
  tooManyText: 'Maximum 4 images per product.',
  tooLargeTitle: 'File too large',
  // The spec names only the titles of the next two toasts.
  tooLargeText: 'Each image must be 5 MB or smaller.',
  invalidTypeTitle: 'Invalid file type',
  invalidTypeText: 'Please choose a JPG, PNG or WebP image.',
});

/** The reason an image selection is refused. */
export type ImageIssueCode = 'TOO_MANY_IMAGES' | 'FILE_TOO_LARGE' | 'INVALID_FILE_TYPE';

/** One refused image selection, with the toast to show. */
export interface ImageIssue {
  /** Why it is refused. */
  readonly code: ImageIssueCode;
  /** The toast title. */
  readonly title: string;
  /** The toast text. */
  readonly message: string;
  /** Index of the offending file in the selection; absent for {@link ImageIssueCode} `TOO_MANY_IMAGES`. */
  readonly fileIndex?: number;
}

/** What the checks need to know about a chosen file (a browser `File` fits). */
export interface ImageFileInfo {
  /** Size in bytes. */
  readonly size: number;
  /** The MIME type reported by the browser, or detected with {@link detectImageType}. */
  readonly type: string;
}

/**
 * Checks files chosen for upload against the image limits. Too many images
 * refuses the whole selection (nothing else is reported then); otherwise each
 * file that is too large or of another type is reported.
 *
 * @param selection - How many images the product already has (kept existing
 *   images plus pending uploads) and the newly chosen files.
 * @returns The issues; empty when every file can be uploaded.
 */
export function checkImageSelection(selection: {
  readonly existingCount: number;
  readonly files: readonly ImageFileInfo[];
}): ImageIssue[] {
  if (selection.existingCount + selection.files.length > MAX_IMAGES_PER_PRODUCT) {
    return [{ code: 'TOO_MANY_IMAGES', title: IMAGE_MESSAGES.tooManyTitle, message: IMAGE_MESSAGES.tooManyText }];
  }
  const issues: ImageIssue[] = [];
  selection.files.forEach((file, fileIndex) => {
    if (!isAllowedImageType(file.type)) {
      issues.push({ code: 'INVALID_FILE_TYPE', title: IMAGE_MESSAGES.invalidTypeTitle, message: IMAGE_MESSAGES.invalidTypeText, fileIndex });
    } else if (file.size > MAX_IMAGE_BYTES) {
      issues.push({ code: 'FILE_TOO_LARGE', title: IMAGE_MESSAGES.tooLargeTitle, message: IMAGE_MESSAGES.tooLargeText, fileIndex });
    }
  });
  return issues;
}

/**
 * Whether a MIME type is one of {@link ALLOWED_IMAGE_TYPES}.
 *
 * @param type - The MIME type.
 * @returns `true` for JPEG, PNG or WebP.
 */
export function isAllowedImageType(type: unknown): type is ImageMimeType {
  return typeof type === 'string' && (ALLOWED_IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());
}

/**
 * Whether more images can be added; the file input is disabled once the limit is reached.
 *
 * @param currentCount - Existing plus pending images.
 * @returns `true` while below {@link MAX_IMAGES_PER_PRODUCT}.
 */
export function canAddMoreImages(currentCount: number): boolean {
  return currentCount < MAX_IMAGES_PER_PRODUCT;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

/**
 * Detects the image type from a file's first bytes, because the type a
 * client claims cannot be trusted on the server.
 *
 * @param bytes - The start of the file (12 bytes suffice).
 * @returns `'image/jpeg'`, `'image/png'`, `'image/webp'`, or `null` for anything else.
 */
export function detectImageType(bytes: Uint8Array): ImageMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/**
 * Reads the legacy `image_url` column: either one plain address or a text
 * holding a JSON array of up to 4 addresses. Blank entries are dropped and at
 * most {@link MAX_IMAGES_PER_PRODUCT} are kept; a malformed array gives none.
 *
 * @param raw - The stored `image_url` value.
 * @returns The image addresses, main image first.
 */
export function parseImageUrls(raw: string | null | undefined): string[] {
  const text = trimmedText(raw);
  if (text === '') return [];
  if (!text.startsWith('[')) return [text];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .map(trimmedText)
    .filter((url) => url !== '')
    .slice(0, MAX_IMAGES_PER_PRODUCT);
}

/**
 * Writes image addresses back into the `image_url` format: one address as is,
 * several as a JSON array, none as `null`.
 *
 * @param urls - The image addresses, main image first.
 * @returns The value to store.
 * @throws RangeError with more than {@link MAX_IMAGES_PER_PRODUCT} addresses.
 */
export function serializeImageUrls(urls: readonly string[]): string | null {
  const kept = urls.map((u) => u.trim()).filter((u) => u !== '');
  if (kept.length > MAX_IMAGES_PER_PRODUCT) {
    throw new RangeError(`At most ${MAX_IMAGES_PER_PRODUCT} images per product, got ${kept.length}`);
  }
  if (kept.length === 0) return null;
  if (kept.length === 1) return kept[0]!;
  return JSON.stringify(kept);
}

/**
 * The main image of a product: the first address of `image_url`, or the placeholder.
 *
 * @param raw - The stored `image_url` value.
 * @returns An image address, never empty.
 */
export function mainImageUrl(raw: string | null | undefined): string {
  return parseImageUrls(raw)[0] ?? PLACEHOLDER_IMAGE_URL;
}

/**
 * The product gallery's four slots: the images in order, `null` where the page
 * shows a {@link NO_IMAGE_TEXT} placeholder.
 *
 * @param raw - The stored `image_url` value.
 * @returns Exactly {@link MAX_IMAGES_PER_PRODUCT} entries.
 */
export function galleryImageSlots(raw: string | null | undefined): (string | null)[] {
  const urls = parseImageUrls(raw);
  return Array.from({ length: MAX_IMAGES_PER_PRODUCT }, (_, i) => urls[i] ?? null);
}

/** A product category offered by the form. */
export type ProductCategory = 'foreground' | 'midground' | 'background';

/** The category older records without one are shown under, and the form's reset value. */
export const DEFAULT_PRODUCT_CATEGORY = 'aquatic_plant';

/** The categories offered by the product form, with their labels. */
export const PRODUCT_CATEGORIES: readonly { readonly value: ProductCategory; readonly label: string }[] = Object.freeze([
  Object.freeze({ value: 'foreground' as const, label: 'Foreground' }),
  Object.freeze({ value: 'midground' as const, label: 'Midground' }),
  Object.freeze({ value: 'background' as const, label: 'Background' }),
]);

/**
 * The category badge text: underscores shown as spaces, upper-cased; a
 * missing category reads as {@link DEFAULT_PRODUCT_CATEGORY}.
 *
 * @param category - The stored category.
 * @returns E.g. `'AQUATIC PLANT'`, `'FOREGROUND'`.
 */
export function categoryLabel(category: string | null | undefined): string {
  const value = trimmedText(category) || DEFAULT_PRODUCT_CATEGORY;
  return value.replace(/_/g, ' ').toUpperCase();
}

/** The value every plant attribute select offers for "not set". */
export const NOT_SPECIFIED = 'not_specified';

/** One option of a select. */
export interface SelectOption<V extends string = string> {
  /** The stored value. */
  readonly value: V;
  /** The text shown. */
  readonly label: string;
}

const notSpecified = Object.freeze({ value: NOT_SPECIFIED, label: 'Not specified' });
const options = <V extends string>(...pairs: (readonly [V, string])[]): readonly SelectOption<V | typeof NOT_SPECIFIED>[] =>
  Object.freeze([notSpecified, ...pairs.map(([value, label]) => Object.freeze({ value, label }))]);

/** Plant difficulty options (`plant_difficulty`); "Advance" is the spec's wording. */
export const PLANT_DIFFICULTY_OPTIONS = options(['easy', 'Easy'], ['medium', 'Medium'], ['advance', 'Advance']);
/** CO2 requirement options (`co2_requirement`). */
export const CO2_REQUIREMENT_OPTIONS = options(['yes', 'Yes'], ['no', 'No'], ['na', 'NA']);
/** Light requirement options (`light_requirement`). */
export const LIGHT_REQUIREMENT_OPTIONS = options(['low', 'Low'], ['medium', 'Medium'], ['high', 'High']);
/** Carbonate hardness options (`carbonate_hardness_kh`). */
export const KH_OPTIONS = options(['low', 'Low'], ['medium', 'Medium'], ['high', 'High']);
/** General hardness options (`general_hardness_gh`). */
export const GH_OPTIONS = options(['low', 'Low'], ['medium', 'Medium'], ['high', 'High']);

/** The optional plant attributes, camelCase (columns in parentheses on each option list). */
export interface PlantAttributes {
  /** Difficulty, see {@link PLANT_DIFFICULTY_OPTIONS}. */
  readonly plantDifficulty?: string | null;
  /** CO2 requirement, see {@link CO2_REQUIREMENT_OPTIONS}. */
  readonly co2Requirement?: string | null;
  /** Light requirement, see {@link LIGHT_REQUIREMENT_OPTIONS}. */
  readonly lightRequirement?: string | null;
  /** Carbonate hardness, see {@link KH_OPTIONS}. */
  readonly carbonateHardnessKh?: string | null;
  /** General hardness, see {@link GH_OPTIONS}. */
  readonly generalHardnessGh?: string | null;
}

/** The option list of each plant attribute. */
export const PLANT_ATTRIBUTE_OPTIONS: Readonly<Record<keyof PlantAttributes, readonly SelectOption[]>> = Object.freeze({
  plantDifficulty: PLANT_DIFFICULTY_OPTIONS,
  co2Requirement: CO2_REQUIREMENT_OPTIONS,
  lightRequirement: LIGHT_REQUIREMENT_OPTIONS,
  carbonateHardnessKh: KH_OPTIONS,
  generalHardnessGh: GH_OPTIONS,
});

/**
 * The attributes worth saving: only those set and not {@link NOT_SPECIFIED}
 * (spec §5), so that "not specified" never overwrites a stored value with a sentinel.
 *
 * @param attributes - The attribute selects of the form.
 * @returns A new object holding only the set attributes.
 */
export function plantAttributesToSave(attributes: PlantAttributes): Partial<Record<keyof PlantAttributes, string>> {
  const result: Partial<Record<keyof PlantAttributes, string>> = {};
  for (const key of Object.keys(PLANT_ATTRIBUTE_OPTIONS) as (keyof PlantAttributes)[]) {
    const value = trimmedText(attributes[key]);
    if (value !== '' && value !== NOT_SPECIFIED) result[key] = value;
  }
  return result;
}

/**
 * The text shown for a stored plant attribute on the Plants Information card.
 * Matching ignores case so that records saved with capitalised values still read well.
 *
 * @param attribute - Which attribute.
 * @param value - The stored value.
 * @returns The option label, the raw value when unknown, or `null` when unset or not specified.
 */
export function plantAttributeLabel(attribute: keyof PlantAttributes, value: string | null | undefined): string | null {
  const text = trimmedText(value);
  if (text === '' || text === NOT_SPECIFIED) return null;
  const option = PLANT_ATTRIBUTE_OPTIONS[attribute].find((o) => o.value.toLowerCase() === text.toLowerCase());
  return option ? option.label : text;
}

/** Messages of the product form. */
export const PRODUCT_FORM_MESSAGES = Object.freeze({
  nameRequired: 'Product name is required',
  priceRequired: 'Price is required',
  priceInvalid: 'Price must be a number with at most 2 decimals',
  priceNegative: 'Price cannot be negative',
  stockRequired: 'Stock quantity is required',
  stockInvalid: 'Stock quantity must be a whole number',
  stockNegative: 'Stock quantity cannot be negative',
  priceTooLarge: 'Price must be at most ₹99,999,999.99',
  stockTooLarge: 'Stock quantity must be at most 2,147,483,647',
  // Not in the spec: the form's selects and upload normally prevent these; the service checks them too.
  categoryInvalid: 'Please choose a category',
  optionInvalid: 'Please choose one of the options',
  imageUrlInvalid: 'Image addresses must be http(s) URLs',
});

/** The highest price a product can have, in paise: the price column is numeric(10,2) rupees. */
export const MAX_PRODUCT_PRICE_PAISE = 9_999_999_999;

/** The highest stock a product can have: the stock column is a PostgreSQL integer. */
export const MAX_STOCK_QUANTITY = 2_147_483_647;

/** The required fields of the product form, as typed (text) or already parsed (numbers). */
export interface ProductFormInput {
  /** Product Name. */
  readonly name?: string | null;
  /** Price in rupees, e.g. `"199.99"`. */
  readonly price?: string | number | null;
  /** Stock Quantity. */
  readonly stockQuantity?: string | number | null;
}

/** The field names of the product form. */
export type ProductFormField = keyof ProductFormInput;

const isBlank = (value: unknown): boolean => value == null || (typeof value === 'string' && value.trim() === '');

/**
 * Reads the price field: rupees with at most two decimals, not negative.
 *
 * @param price - The typed or parsed price.
 * @returns The price in paise, or the error message.
 */
export function parseProductPrice(price: string | number | null | undefined): { ok: true; paise: number } | { ok: false; message: string } {
  if (isBlank(price)) return { ok: false, message: PRODUCT_FORM_MESSAGES.priceRequired };
  let paise: number;
  try {
    paise = rupeesToPaise(price!);
  } catch {
    return { ok: false, message: PRODUCT_FORM_MESSAGES.priceInvalid };
  }
  if (paise < 0) return { ok: false, message: PRODUCT_FORM_MESSAGES.priceNegative };
  if (paise > MAX_PRODUCT_PRICE_PAISE) return { ok: false, message: PRODUCT_FORM_MESSAGES.priceTooLarge };
  return { ok: true, paise };
}

/**
 * Reads the stock field: a whole number, not negative.
 *
 * @param stock - The typed or parsed stock quantity.
 * @returns The stock, or the error message.
 */
export function parseStockQuantity(stock: string | number | null | undefined): { ok: true; stock: number } | { ok: false; message: string } {
  if (isBlank(stock)) return { ok: false, message: PRODUCT_FORM_MESSAGES.stockRequired };
  const text = typeof stock === 'number' ? String(stock) : stock!.trim();
  if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    return { ok: false, message: PRODUCT_FORM_MESSAGES.stockInvalid };
  }
  const value = Number(text);
  if (value < 0) return { ok: false, message: PRODUCT_FORM_MESSAGES.stockNegative };
  if (value > MAX_STOCK_QUANTITY) return { ok: false, message: PRODUCT_FORM_MESSAGES.stockTooLarge };
  return { ok: true, stock: value === 0 ? 0 : value };
}

/**
 * Checks the required fields of the product form: name, price (decimal,
 * step 0.01, not negative) and stock (whole, not negative).
 *
 * @param input - The form values.
 * @returns One error per invalid field; empty when valid.
 */
export function validateProductForm(input: ProductFormInput): FieldError<ProductFormField>[] {
  const errors: FieldError<ProductFormField>[] = [];
  if (trimmedText(input.name) === '') errors.push({ field: 'name', message: PRODUCT_FORM_MESSAGES.nameRequired });
  const price = parseProductPrice(input.price);
  if (!price.ok) errors.push({ field: 'price', message: price.message });
  const stock = parseStockQuantity(input.stockQuantity);
  if (!stock.ok) errors.push({ field: 'stockQuantity', message: stock.message });
  return errors;
}
