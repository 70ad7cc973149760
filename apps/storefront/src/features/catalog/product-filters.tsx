import { NOT_SPECIFIED, PLANT_ATTRIBUTE_OPTIONS, PRODUCT_CATEGORIES, type SelectOption } from '@jalaj/commerce';
import { useId } from 'react';
import type { ProductFilters } from '../../api/products.js';
import { useHydrated } from '../ui/use-hydrated.js';
import type { SelectFilterKey } from './use-product-filters.js';

// "Not specified" is how an admin leaves an attribute unset; it is not something to shop by.
const settable = (options: readonly SelectOption[]) => options.filter((option) => option.value !== NOT_SPECIFIED);

const SELECTS: readonly { readonly key: SelectFilterKey; readonly label: string; readonly anyLabel: string; readonly options: readonly SelectOption[] }[] = [
  { key: 'category', label: 'Category', anyLabel: 'All categories', options: PRODUCT_CATEGORIES },
  { key: 'difficulty', label: 'Difficulty', anyLabel: 'Any difficulty', options: settable(PLANT_ATTRIBUTE_OPTIONS.plantDifficulty) },
  { key: 'light', label: 'Light', anyLabel: 'Any light', options: settable(PLANT_ATTRIBUTE_OPTIONS.lightRequirement) },
  { key: 'co2', label: 'CO2', anyLabel: 'Any CO2', options: settable(PLANT_ATTRIBUTE_OPTIONS.co2Requirement) },
];

interface ProductFiltersProps {
  readonly filters: ProductFilters;
  readonly searchText: string;
  readonly onSearchTextChange: (text: string) => void;
  readonly onFilterChange: (key: SelectFilterKey, value: string) => void;
  /** Enter in the search box: apply the text now instead of after the pause. */
  readonly onSearchSubmit: () => void;
}

/** The search box and the four selects above the Featured Plants grid. */
export function ProductFiltersBar({ filters, searchText, onSearchTextChange, onFilterChange, onSearchSubmit }: ProductFiltersProps) {
  const id = useId();
  // Server-rendered, the filters answer only once this part is hydrated: until then they are disabled.
  const usable = useHydrated();
  return (
    <form
      role="search"
      className="plant-filters"
      aria-label="Filter plants"
      onSubmit={(event) => {
        event.preventDefault();
        onSearchSubmit();
      }}
    >
      <div className="plant-filters__field plant-filters__search">
        <label htmlFor={`${id}-q`} className="plant-filters__label">
          Search
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="field__input"
          placeholder="Search plants by name"
          value={searchText}
          onChange={(event) => onSearchTextChange(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          disabled={!usable}
        />
      </div>
      {SELECTS.map(({ key, label, anyLabel, options }) => (
        <div key={key} className="plant-filters__field">
          <label htmlFor={`${id}-${key}`} className="plant-filters__label">
            {label}
          </label>
          <select
            id={`${id}-${key}`}
            className="field__input field__select"
            value={filters[key]}
            onChange={(event) => onFilterChange(key, event.target.value)}
            disabled={!usable}
          >
            <option value="">{anyLabel}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
            {/* A shared link may carry a value the list does not offer; keep it visible rather than pretend "any". */}
            {filters[key] !== '' && !options.some((option) => option.value === filters[key]) ? <option value={filters[key]}>{filters[key]}</option> : null}
          </select>
        </div>
      ))}
    </form>
  );
}
