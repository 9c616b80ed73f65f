import { TextField } from './TextField';

export interface SearchFieldProps {
  /** `Search` unless told. */
  label?: string;
  placeholder: string;
  value: string;
  /** Called with the query in lower case (the lists match it case-blind). */
  onChange: (query: string) => void;
}

/** A list's search box. */
export function SearchField({ label = 'Search', placeholder, value, onChange }: SearchFieldProps) {
  return (
    <TextField
      label={label}
      controlClassName="input search"
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(query) => onChange(query.toLowerCase())}
    />
  );
}
