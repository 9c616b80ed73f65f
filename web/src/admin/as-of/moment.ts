import { revertMessages } from '@app/contracts';

/** A moment the admin picked: what GET ?at= is sent, and how the screen names it. */
export interface Moment {
  at: string;
  when: string;
}

export type PickMode = 'time' | 'position';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a datetime-local input's value (the browser's time zone, to the second). */
export const localInputValue = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;

/** '27 Nov 2026 14:05:09' in the given time zone (the browser's by default). */
export const formatMoment = (date: Date, timeZone?: string): string => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')} ${pad(Number(part('hour')))}:${pad(
    Number(part('minute')),
  )}:${pad(Number(part('second')))}`;
};

/**
 * The picker's answer as a moment: a datetime-local value (the admin's local time) becomes an ISO
 * time in UTC; a log position stays digits. Null when it is neither (the picker says pickMissing).
 */
export const momentOf = (mode: PickMode, value: string, timeZone?: string): Moment | null => {
  const text = value.trim();
  if (mode === 'position') {
    return /^\d{1,19}$/.test(text) ? { at: text, when: revertMessages.whenPosition(text) } : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) return null;
  const date = new Date(text); // no zone: the browser's local time, as the input shows it
  if (Number.isNaN(date.getTime())) return null;
  return { at: date.toISOString(), when: formatMoment(date, timeZone) };
};
