import { ClearOutlined, CloseOutlined } from '@ant-design/icons';
import { ADMIN_FULFILMENT_FILTERS, ORDER_STATES } from '@jalaj/contracts';
import { GUARANTEE_MESSAGES } from '@jalaj/commerce';
import { Button, Checkbox, DatePicker, Segmented, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { SearchBox } from '../list-controls.js';
import { CustomerName } from '../users/customer-name.js';
import { useDebouncedSearch } from '../use-debounced-search.js';
import { fulfilmentLabel, statusBadge } from './order-display.js';
import { isFiltered, type FulfilmentFilter, type OrdersQuery } from './order-query.js';

const STATUS_OPTIONS = ORDER_STATES.map((state) => ({ value: state, label: statusBadge(state).label }));
const FULFILMENT_OPTIONS = ADMIN_FULFILMENT_FILTERS.map((value) => ({ value, label: fulfilmentLabel(value) }));
const DAY_FORMAT = 'YYYY-MM-DD';

type Shown = 'current' | 'archived';
const SHOWN_OPTIONS = [
  { value: 'current' as const, label: 'Orders' },
  { value: 'archived' as const, label: 'Archived' },
];

interface OrdersToolbarProps {
  readonly query: OrdersQuery;
  readonly onChange: (change: Partial<OrdersQuery>) => void;
}

/**
 * The Orders tab's search and filters: a debounced search (order number, transaction id,
 * customer email or name), payment status, fulfilment, a date range, current or archived
 * orders, and only those that need a decision.
 */
export function OrdersToolbar({ query, onChange }: OrdersToolbarProps) {
  const [search, setSearch] = useDebouncedSearch(query.q, (q) => onChange({ q }));

  const range: [Dayjs | null, Dayjs | null] | null = query.from || query.to ? [query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null] : null;

  return (
    <div className="admin-toolbar orders-toolbar" role="search" aria-label="Find orders">
      <SearchBox
        text={search}
        onText={setSearch}
        onSubmit={(q) => onChange({ q })}
        placeholder="Order number, transaction ID, customer email or name"
        label="Search orders"
        maxLength={120}
      />
      <Select
        className="orders-toolbar__select"
        allowClear
        placeholder="Any status"
        aria-label="Payment status"
        options={STATUS_OPTIONS}
        value={query.state ?? undefined}
        onChange={(state) => onChange({ state: state ?? null })}
      />
      <Select<FulfilmentFilter>
        className="orders-toolbar__select"
        allowClear
        placeholder="Any fulfilment"
        aria-label="Fulfilment"
        options={FULFILMENT_OPTIONS}
        value={query.fulfilment ?? undefined}
        onChange={(fulfilment) => onChange({ fulfilment: fulfilment ?? null })}
      />
      <DatePicker.RangePicker
        className="orders-toolbar__dates"
        allowEmpty={[true, true]}
        placeholder={['From date', 'To date']}
        format="DD/MM/YYYY"
        value={range}
        aria-label="Order dates"
        onChange={(dates) =>
          onChange({
            from: dates?.[0] ? dates[0].format(DAY_FORMAT) : null,
            to: dates?.[1] ? dates[1].format(DAY_FORMAT) : null,
          })
        }
      />
      <Segmented<Shown>
        className="orders-toolbar__shown"
        aria-label="Which orders"
        options={SHOWN_OPTIONS}
        value={query.archived ? 'archived' : 'current'}
        onChange={(shown) => onChange({ archived: shown === 'archived' })}
      />
      <Checkbox className="orders-toolbar__attention" checked={query.attention} onChange={(e) => onChange({ attention: e.target.checked })}>
        Needs attention
      </Checkbox>
      <Checkbox className="orders-toolbar__claims" checked={query.claim === 'waiting'} onChange={(e) => onChange({ claim: e.target.checked ? 'waiting' : null })}>
        {GUARANTEE_MESSAGES.waitingFilter}
      </Checkbox>
      {query.customer && (
        <Tag className="orders-toolbar__customer">
          Customer: <CustomerName userId={query.customer} />
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label="Remove customer filter" onClick={() => onChange({ customer: null })} />
        </Tag>
      )}
      {isFiltered(query) && (
        <Button
          className="orders-toolbar__clear"
          icon={<ClearOutlined />}
          onClick={() => {
            setSearch('');
            onChange({ q: '', state: null, fulfilment: null, from: null, to: null, archived: false, customer: null, attention: false, claim: null });
          }}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
