import { useEffect, useState } from 'react';

const read = (): string => document.documentElement.getAttribute('data-theme') ?? 'light';

/** The page's theme as the app sets it (`<html data-theme>`), followed as it changes. */
export function useDocumentTheme(): string {
  const [theme, setTheme] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}
