import { createHash } from 'node:crypto';

type Step = { value: unknown } | { text: string };

/**
 * Feeds `value` to `write` as JSON with every object's keys sorted, so two bodies that differ only in
 * key order or spacing read the same. Iterative: a body nested deeper than the call stack (a JSON
 * body parses at any depth) cannot overflow it.
 */
const writeCanonicalJson = (value: unknown, write: (text: string) => void): void => {
  const stack: Step[] = [{ value }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    if ('text' in step) {
      write(step.text);
      continue;
    }
    const v = step.value;
    if (Array.isArray(v)) {
      const steps: Step[] = [{ text: '[' }];
      v.forEach((item: unknown, i) => steps.push(...(i > 0 ? [{ text: ',' }] : []), { value: item }));
      steps.push({ text: ']' });
      for (let i = steps.length - 1; i >= 0; i -= 1) stack.push(steps[i] as Step);
    } else if (v !== null && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      const steps: Step[] = [{ text: '{' }];
      keys.forEach((k, i) =>
        steps.push(
          ...(i > 0 ? [{ text: ',' }] : []),
          { text: `${JSON.stringify(k)}:` },
          { value: record[k] },
        ),
      );
      steps.push({ text: '}' });
      for (let i = steps.length - 1; i >= 0; i -= 1) stack.push(steps[i] as Step);
    } else {
      write(JSON.stringify(v) ?? 'null');
    }
  }
};

/** sha256 (hex) of `parts` as canonical JSON. */
export const canonicalHash = (parts: unknown): string => {
  const hash = createHash('sha256');
  writeCanonicalJson(parts, (text) => hash.update(text));
  return hash.digest('hex');
};
