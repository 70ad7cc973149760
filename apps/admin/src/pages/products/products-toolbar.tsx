import { ClearOutlined } from '@ant-design/icons';
import type { AdminProductSort } from '@jalaj/contracts';
import { Button, Segmented, Select } from 'antd';
import { SearchBox } from '../list-controls.js';
import { useDebouncedSearch } from '../use-debounced-search.js';
import { isProductsFiltered, PRODUCT_SORT_OPTIONS, type ProductsQuery } from './product-query.js';

type Shown = 'all' | 'low';

interface ProductsToolbarProps {
  readonly query: ProductsQuery;
  /** The shop's low-stock threshold, once the first page told it. */
  readonly lowStockThreshold: number | undefined;
  readonly onChange: (change: Partial<ProductsQuery>) => void;
}

/** The Products tab's search by name (debounced), the "Low stock" filter and the order. */
export function ProductsToolbar({ query, lowStockThreshold, onChange }: ProductsToolbarProps) {
  const [search, setSearch] = useDebouncedSearch(query.q, (q) => onChange({ q }));
  const shownOptions = [
    { value: 'all' as const, label: 'All products' },
    { value: 'low' as const, label: lowStockThreshold === undefined ? 'Low stock' : `Low stock (≤ ${lowStockThreshold})` },
  ];

  return (
    <div className="admin-toolbar products-toolbar" role="search" aria-label="Find products">
      <SearchBox text={search} onText={setSearch} onSubmit={(q) => onChange({ q })} placeholder="Search by name" label="Search products" maxLength={100} />
      <Segmented<Shown>
        className="products-toolbar__shown"
        aria-label="Stock filter"
        options={shownOptions}
        value={query.lowStock ? 'low' : 'all'}
        onChange={(shown) => onChange({ lowStock: shown === 'low' })}
      />
      <Select<AdminProductSort>
        className="products-toolbar__sort"
        aria-label="Sort products"
        options={[...PRODUCT_SORT_OPTIONS]}
        value={query.sort}
        onChange={(sort) => onChange({ sort })}
      />
      {isProductsFiltered(query) && (
        <Button
          className="products-toolbar__clear"
          icon={<ClearOutlined />}
          onClick={() => {
            setSearch('');
            onChange({ q: '', lowStock: false });
          }}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
