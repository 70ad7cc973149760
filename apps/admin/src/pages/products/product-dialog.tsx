import { categoryLabel, parseImageUrls, PRODUCT_MESSAGES, RUPEE_SIGN, stockSavedText, validateProductForm } from '@jalaj/commerce';
import { ERROR_DATA, type AdminProduct } from '@jalaj/contracts';
import { isApiError } from '@jalaj/web-kit';
import { Alert, Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { type ClipboardEvent, useMemo, useRef, useState } from 'react';
import { apiErrorMessage, PRODUCT_CHANGE_TEXTS, productChangeFailure } from '../../api/error-messages.js';
import { useProductChanges } from '../../api/products.js';
import { ProductImagesField } from './product-images-field.js';
import { StockHistory } from './stock-history.js';
import {
  attributeOptions,
  categoryOptions,
  EMPTY_PRODUCT_FORM,
  PLANT_ATTRIBUTE_FIELDS,
  type ProductFormField,
  type ProductFormValues,
  productToFormValues,
  toProductInput,
} from './product-form-values.js';
import { useProductImages } from './use-product-images.js';
import { useNotification } from '../../use-notification.js';

/** What the dialog is open for: a new product, or the one being edited. */
export type ProductDialogTarget = { readonly mode: 'create' } | { readonly mode: 'edit'; readonly product: AdminProduct };

interface ProductDialogProps {
  /** `null` while closed. */
  readonly target: ProductDialogTarget | null;
  readonly onClose: () => void;
}

// Not a spec text: shown when the pasted image address text holds no address.
const IMAGE_URL_UNREADABLE = 'Paste an image address, or a JSON list of addresses';

const FORM_FIELDS: readonly ProductFormField[] = [
  'name',
  'category',
  'description',
  'price',
  'stockQuantity',
  ...PLANT_ATTRIBUTE_FIELDS.map((f) => f.name),
  'imageUrl',
];
const isFormField = (field: string): field is ProductFormField => (FORM_FIELDS as readonly string[]).includes(field);

/**
 * The Add New Product / Edit Product dialog. Its content is destroyed when it
 * closes, so that closing or cancelling always starts the next opening from
 * an empty form and empty image lists (spec §4, Product dialog).
 */
export function ProductDialog({ target, onClose }: ProductDialogProps) {
  // Kept through the closing animation, so that the dialog does not empty before it fades.
  const [shown, setShown] = useState<ProductDialogTarget | null>(target);
  if (target !== null && target !== shown) setShown(target);
  const current = target ?? shown;
  const editing = current?.mode === 'edit' ? current.product : null;
  return (
    <Modal
      open={target !== null}
      afterClose={() => setShown(null)}
      title={editing ? 'Edit Product' : 'Add New Product'}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      // A stray click beside the dialog must not throw away a half-filled form.
      mask={{ closable: false }}
      className="product-dialog"
    >
      {current && <ProductForm key={editing?.id ?? 'new'} product={editing} onDone={onClose} />}
    </Modal>
  );
}

// Not a spec text: the Stock Quantity field's help while editing (issue #38).
const STOCK_EDIT_HELP = 'Saved as a change to the stock at the moment you save: plants sold meanwhile stay sold.';

/** The product a stale save was refused over, as it is now (`PRODUCT_CHANGED`'s data); null for any other failure. */
function changedProduct(error: unknown): AdminProduct | null {
  if (!isApiError(error) || error.code !== 'PRODUCT_CHANGED') return null;
  const data = ERROR_DATA.PRODUCT_CHANGED.safeParse(error.data);
  return data.success ? data.data.product : null;
}

interface ProductFormProps {
  readonly product: AdminProduct | null;
  readonly onDone: () => void;
}

function ProductForm({ product, onDone }: ProductFormProps) {
  const [form] = Form.useForm<ProductFormValues>();
  const notification = useNotification();
  const { createProduct, updateProduct } = useProductChanges();
  const initialValues = useMemo(() => (product ? productToFormValues(product) : EMPTY_PRODUCT_FORM), [product]);
  // The product as the form last loaded it: its version and stock go with the save, and a
  // stale save reloads it (issue #38).
  const [loaded, setLoaded] = useState<AdminProduct | null>(product);
  const [reloaded, setReloaded] = useState(false);
  const changedRef = useRef<HTMLDivElement>(null);
  const images = useProductImages(product?.imageUrls ?? []);
  const [saving, setSaving] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const imagesRef = useRef<HTMLDivElement>(null);
  const change = product ? 'update' : 'create';

  /** Spec §5: a single address replaces the image list; JSON-array text gives several. */
  const applyImageUrl = (text: string | undefined): readonly string[] | null => {
    const trimmed = (text ?? '').trim();
    if (trimmed === '') return null;
    const urls = parseImageUrls(trimmed);
    if (urls.length === 0) {
      form.setFields([{ name: 'imageUrl', errors: [IMAGE_URL_UNREADABLE] }]);
      return null;
    }
    images.replaceImages(urls);
    setImageError(null);
    form.setFields([{ name: 'imageUrl', value: undefined, errors: [] }]);
    return urls;
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (pasted.trim() === '') return;
    event.preventDefault();
    applyImageUrl(pasted);
  };

  const handleFinish = async (values: ProductFormValues) => {
    if (images.uploading || saving) return;
    const pasted = applyImageUrl(values.imageUrl);
    if (pasted === null && (values.imageUrl ?? '').trim() !== '') {
      form.scrollToField('imageUrl', { block: 'center' });
      return;
    }
    const imageUrls = pasted ?? images.images;
    form.setFields(FORM_FIELDS.filter((f) => f !== 'imageUrl').map((name) => ({ name, errors: [] })));
    const errors = validateProductForm(values);
    if (errors.length > 0) {
      form.setFields(errors.map(({ field, message }) => ({ name: field, errors: [message] })));
      form.scrollToField(errors[0]!.field, { block: 'center' });
      return;
    }

    setSaving(true);
    const input = toProductInput(values, imageUrls);
    let saved: AdminProduct;
    try {
      saved = loaded
        ? await updateProduct(loaded.id, { ...input, version: loaded.version, loadedStockQuantity: loaded.stockQuantity })
        : await createProduct(input);
    } catch (error) {
      setSaving(false);
      const fresh = changedProduct(error);
      if (fresh) {
        reload(fresh);
        return;
      }
      const fieldErrors = isApiError(error) ? (error.fieldErrors ?? []) : [];
      const onFields = fieldErrors.filter((e) => isFormField(e.field));
      if (isApiError(error) && error.code === 'PRODUCT_STOCK_BELOW_ZERO') onFields.push({ field: 'stockQuantity', message: apiErrorMessage(error) });
      form.setFields(onFields.map(({ field, message }) => ({ name: field as ProductFormField, errors: [message] })));
      const imageProblem = fieldErrors.find((e) => e.field === 'imageUrls');
      if (imageProblem) setImageError(imageProblem.message);
      if (onFields[0]) form.scrollToField(onFields[0].field, { block: 'center' });
      else if (imageProblem) imagesRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      notification.error(productChangeFailure(change, error));
      return;
    }
    // Sales made while the form was open are kept: the saved stock may differ from the one typed.
    const typed = Number(input.stockQuantity);
    notification.success({
      title: PRODUCT_CHANGE_TEXTS[change].success,
      description: loaded && saved.stockQuantity !== typed ? stockSavedText(saved.stockQuantity, typed, loaded.stockQuantity) : undefined,
    });
    onDone();
  };

  /** A stale save was refused: the form shows the product as it is now, and says so. */
  const reload = (fresh: AdminProduct) => {
    setLoaded(fresh);
    const values = productToFormValues(fresh);
    form.setFields(FORM_FIELDS.map((name) => ({ name, value: values[name], errors: [] })));
    images.replaceImages(fresh.imageUrls);
    setImageError(null);
    setReloaded(true);
    changedRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };

  /**
   * An adjustment made below the form: the form now stands on the stock it left, and keeps
   * the change the admin may have typed into Stock Quantity on top of it.
   */
  const adjusted = (stockQuantity: number) => {
    if (!loaded) return;
    const typed = Number(form.getFieldValue('stockQuantity'));
    const typedChange = Number.isFinite(typed) ? typed - loaded.stockQuantity : 0;
    setLoaded({ ...loaded, stockQuantity });
    form.setFields([{ name: 'stockQuantity', value: String(stockQuantity + typedChange), errors: [] }]);
  };

  const busy = saving || images.uploading;
  return (
    <>
      <Form<ProductFormValues>
        form={form}
        name="product"
        layout="vertical"
        initialValues={initialValues}
        requiredMark
        noValidate
        disabled={saving}
        // Field errors (the form's own and the server's) stay until that field is edited.
        onValuesChange={(changed: Partial<ProductFormValues>) =>
          form.setFields(Object.keys(changed).filter(isFormField).map((name) => ({ name, errors: [] })))
        }
        onFinish={(values) => void handleFinish(values)}
        className="product-form"
      >
        <div ref={changedRef}>
          {reloaded && (
            <Alert
              type="warning"
              showIcon
              role="alert"
              className="product-form__changed"
              title={PRODUCT_MESSAGES.changed}
              description={PRODUCT_MESSAGES.changedReloaded}
            />
          )}
        </div>
        <div className="product-form__row">
          <Form.Item label="Product Name" name="name" required>
            <Input placeholder="e.g. Anubias nana" maxLength={120} autoComplete="off" />
          </Form.Item>
          <Form.Item label="Category" name="category">
            <Select placeholder="Select a category" options={categoryOptions(initialValues.category, categoryLabel)} />
          </Form.Item>
        </div>

        <Form.Item label="Description" name="description">
          <Input.TextArea rows={3} maxLength={4000} placeholder="Care notes, size, growth…" />
        </Form.Item>

        <div className="product-form__row">
          <Form.Item label="Price" name="price" required>
            <InputNumber<string> stringMode step="0.01" min="0" inputMode="decimal" prefix={RUPEE_SIGN} placeholder="0.00" className="product-form__number" />
          </Form.Item>
          <Form.Item label="Stock Quantity" name="stockQuantity" required extra={product ? STOCK_EDIT_HELP : undefined}>
            <InputNumber<string> stringMode step="1" min="0" inputMode="numeric" placeholder="0" className="product-form__number" />
          </Form.Item>
        </div>

        <fieldset className="product-form__group">
          <legend className="product-form__legend">Plants Information</legend>
          <div className="product-form__attributes">
            {PLANT_ATTRIBUTE_FIELDS.map(({ name, label }) => (
              <Form.Item key={name} label={label} name={name}>
                <Select placeholder="Not specified" options={attributeOptions(name, initialValues[name])} />
              </Form.Item>
            ))}
          </div>
        </fieldset>

        <Form.Item label="Product Images" validateStatus={imageError ? 'error' : undefined} help={imageError ?? undefined}>
          <div ref={imagesRef}>
            <ProductImagesField
              images={images.images}
              uploads={images.uploads}
              total={images.total}
              canAddMore={images.canAddMore}
              disabled={saving}
              onFiles={(files) => {
                setImageError(null);
                void images.addFiles(files);
              }}
              onRemove={(index) => {
                setImageError(null);
                images.removeImage(index);
              }}
            />
          </div>
        </Form.Item>

        <Form.Item label="Image URL (optional)" name="imageUrl" extra="Pasting an image address replaces the images above.">
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://…"
            disabled={saving || images.uploading}
            onPaste={handlePaste}
            onBlur={(event) => applyImageUrl(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              applyImageUrl(event.currentTarget.value);
            }}
          />
        </Form.Item>

        <div className="product-form__actions">
          {/* Stays usable while the form is disabled for saving. */}
          <Button onClick={onDone} disabled={false}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} disabled={busy}>
            {images.uploading ? 'Uploading...' : product ? 'Update Product' : 'Create Product'}
          </Button>
        </div>
      </Form>
      {loaded && <StockHistory product={loaded} onAdjusted={adjusted} />}
    </>
  );
}
