/** A list typed one item a line: each line trimmed, the empty ones left out. */
export const listOfText = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A whole number typed in a field, or null when the field is empty (forever, or the default). */
export const countOfText = (text: string): number | null => (text.trim() === '' ? null : Number(text));
