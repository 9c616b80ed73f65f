import { firstOf } from '../group-edits';

export interface ChipsListProps {
  label: string;
  items: readonly string[];
  empty: string;
  max?: number;
}

/** A few items as chips and how many more there are. */
export function ChipsList({ label, items, empty, max = 6 }: ChipsListProps) {
  if (items.length === 0) return <span className="muted">{empty}</span>;
  const { shown, more } = firstOf(items, max);
  return (
    <ul className="chips" aria-label={label}>
      {shown.map((item) => (
        <li key={item} className="chip">
          {item}
        </li>
      ))}
      {more > 0 && <li className="chip chip-more">+{more} more</li>}
    </ul>
  );
}
