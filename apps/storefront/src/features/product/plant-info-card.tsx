import { categoryLabel, plantAttributeLabel, type PlantAttributes } from '@jalaj/commerce';
import type { Product } from '@jalaj/contracts';
import { useId } from 'react';

const ROWS: readonly { readonly attribute: keyof PlantAttributes; readonly label: string }[] = [
  { attribute: 'plantDifficulty', label: 'Difficulty' },
  { attribute: 'lightRequirement', label: 'Light Requirement' },
  { attribute: 'co2Requirement', label: 'CO2 Requirement' },
  { attribute: 'carbonateHardnessKh', label: 'Carbonate Hardness (KH)' },
  { attribute: 'generalHardnessGh', label: 'General Hardness (GH)' },
];

/** The Plants Information card: the category and the plant's care attributes. */
export function PlantInfoCard({ product }: { readonly product: Product }) {
  const titleId = useId();
  return (
    <section className="panel plant-info" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        Plants Information
      </h2>
      <dl className="facts plant-info__facts">
        <div>
          <dt>Category</dt>
          <dd>{categoryLabel(product.category)}</dd>
        </div>
        {ROWS.map(({ attribute, label }) => (
          <div key={attribute}>
            <dt>{label}</dt>
            <dd>{plantAttributeLabel(attribute, product[attribute]) ?? 'Not specified'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
