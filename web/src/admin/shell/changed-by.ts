import type { SectionMeta } from '@app/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** '22 Nov 2026 04:10' in the given time zone (the browser's by default); null for a bad date. */
export const formatChangedAt = (iso: string, timeZone?: string): string | null => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')} ${pad(Number(part('hour')))}:${pad(Number(part('minute')))}`;
};

/** 'Last changed by ann@example.com, 22 Nov 2026 04:10', or null while nobody changed the section. */
export const changedByText = (meta: SectionMeta | null, timeZone?: string): string | null => {
  if (!meta?.changedBy) return null;
  const at = meta.changedAt ? formatChangedAt(meta.changedAt, timeZone) : null;
  return at ? `Last changed by ${meta.changedBy}, ${at}` : `Last changed by ${meta.changedBy}`;
};
