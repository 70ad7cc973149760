import { formatRupees, linePricing, pluralizeItems } from '@jalaj/commerce';

interface PriceSummaryProps {
  readonly unitPricePaise: number;
  readonly quantity: number;
}

/** The unit price, the discounted price for the chosen quantity, the total and the saving. */
export function PriceSummary({ unitPricePaise, quantity }: PriceSummaryProps) {
  const pricing = linePricing(unitPricePaise, quantity);
  const discounted = pricing.discountPercent > 0;

  return (
    <div className="price-summary" role="group" aria-label="Price summary">
      <p className="price-summary__headline">
        <span className="price-summary__price">{formatRupees(pricing.discountedUnitPricePaise)}</span>
        <span className="price-summary__each">each</span>
        {discounted ? (
          <>
            <s className="price-summary__was">
              <span className="sr-only">was </span>
              {formatRupees(pricing.unitPricePaise)}
            </s>
            <span className="badge badge--green">{pricing.discountPercent}% off</span>
          </>
        ) : null}
      </p>
      <dl className="price-summary__rows">
        <div>
          <dt>Unit price</dt>
          <dd>{formatRupees(pricing.unitPricePaise)}</dd>
        </div>
        <div>
          <dt>Discounted price</dt>
          <dd>{formatRupees(pricing.discountedUnitPricePaise)}</dd>
        </div>
        <div className="price-summary__total">
          <dt>Total ({pluralizeItems(quantity)})</dt>
          <dd>{formatRupees(pricing.lineTotalPaise)}</dd>
        </div>
      </dl>
      {pricing.savingsPaise > 0 ? <p className="price-summary__savings">You save {formatRupees(pricing.savingsPaise)}</p> : null}
    </div>
  );
}
