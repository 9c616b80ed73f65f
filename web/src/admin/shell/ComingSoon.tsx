export interface ComingSoonProps {
  title: string;
  items: readonly string[];
}

/** A plain note of what a tab or card will hold: no data, nothing to click. */
export function ComingSoon({ title, items }: ComingSoonProps) {
  return (
    <section className="card coming-soon" aria-label={`${title} (coming soon)`}>
      <h3 className="card-title">
        {title} <span className="badge">Coming soon</span>
      </h3>
      <p className="muted">This part of the Admin Interface is not available yet. It will hold:</p>
      <ul className="coming-soon-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
