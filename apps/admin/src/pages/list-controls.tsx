import { SearchOutlined } from '@ant-design/icons';
import { Input, Pagination } from 'antd';

interface SearchBoxProps {
  /** The box's text (useDebouncedSearch's first value). */
  readonly text: string;
  readonly onText: (text: string) => void;
  /** Enter: commit the trimmed text at once, without waiting for the debounce. */
  readonly onSubmit: (q: string) => void;
  readonly placeholder: string;
  readonly label: string;
  readonly maxLength: number;
}

/** The search box of an admin tab's toolbar (`.admin-toolbar__search`). */
export function SearchBox({ text, onText, onSubmit, placeholder, label, maxLength }: SearchBoxProps) {
  return (
    <Input
      className="admin-toolbar__search"
      type="search"
      allowClear
      prefix={<SearchOutlined aria-hidden="true" />}
      placeholder={placeholder}
      aria-label={label}
      value={text}
      maxLength={maxLength}
      onChange={(event) => onText(event.target.value)}
      onPressEnter={() => onSubmit(text.trim())}
    />
  );
}

interface ListPaginationProps {
  readonly className: string;
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly onChange: (page: number) => void;
}

/** An admin list's pages ("1–20 of 345"); nothing when everything fits on one page. */
export function ListPagination({ className, page, pageSize, total, onChange }: ListPaginationProps) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      className={className}
      current={page}
      pageSize={pageSize}
      total={total}
      showSizeChanger={false}
      showTotal={(count, [first, last]) => `${first}–${last} of ${count}`}
      onChange={onChange}
    />
  );
}
