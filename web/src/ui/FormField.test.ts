import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fieldControlProps, FormField, type FieldControlProps, type FormFieldProps } from './FormField';

/** The field rendered with a plain input, parsed back into elements to read the wiring from. */
const render = (props: Omit<FormFieldProps, 'children'>): Tag[] => {
  const html = renderToStaticMarkup(
    createElement(FormField, {
      ...props,
      children: (control: FieldControlProps) => createElement('input', { ...control, className: 'input' }),
    }),
  );
  return parseTags(html);
};

interface Tag {
  name: string;
  attrs: Record<string, string>;
  text: string;
}

/** A small reader of the flat markup FormField renders: each tag with its attributes and its text. */
function parseTags(html: string): Tag[] {
  const tags: Tag[] = [];
  const pattern = /<([a-z]+)([^>]*)>([^<]*)/g;
  for (const [, name = '', rawAttrs = '', text = ''] of html.matchAll(pattern)) {
    const attrs: Record<string, string> = {};
    for (const [, key = '', value = ''] of rawAttrs.matchAll(/([a-z-]+)="([^"]*)"/g)) attrs[key] = value;
    tags.push({ name, attrs, text });
  }
  return tags;
}

const find = (tags: Tag[], name: string, index = 0): Tag => {
  const found = tags.filter((t) => t.name === name)[index];
  if (!found) throw new Error(`no <${name}> #${index}`);
  return found;
};

describe('fieldControlProps', () => {
  it('describes the control by the hint, the error and the other ids, in that order', () => {
    expect(fieldControlProps('c', { hintId: 'h', errorId: 'e', describedBy: 'x', invalid: true })).toEqual({
      id: 'c',
      'aria-describedby': 'h e x',
      'aria-invalid': true,
    });
  });

  it('leaves the aria attributes out when nothing describes the control and it is valid', () => {
    expect(fieldControlProps('c', { invalid: false })).toEqual({
      id: 'c',
      'aria-describedby': undefined,
      'aria-invalid': undefined,
    });
  });
});

describe('FormField', () => {
  it('names the control with its label (for = id), without a wrapper unless a class is given', () => {
    const tags = render({ label: 'Name' });
    expect(tags.map((t) => t.name)).toEqual(['label', 'input']);
    const label = find(tags, 'label');
    const input = find(tags, 'input');
    expect(label.attrs.for).toBe(input.attrs.id);
    expect(label.attrs.class).toBe('field-label');
    expect(label.text).toBe('Name');
    expect(input.attrs['aria-describedby']).toBeUndefined();
    expect(input.attrs['aria-invalid']).toBeUndefined();

    const wrapped = render({ label: 'Name', className: 'model-field' });
    expect(wrapped.map((t) => t.name)).toEqual(['div', 'label', 'input']);
    expect(find(wrapped, 'div').attrs.class).toBe('model-field');
  });

  it('describes the control by its hint and its error, in an alert, and marks it invalid', () => {
    const tags = render({ label: 'Name', hint: 'Shown to users', error: 'Required' });
    const input = find(tags, 'input');
    const hint = find(tags, 'p', 0);
    const error = find(tags, 'p', 1);
    expect(hint.attrs.class).toBe('field-hint');
    expect(hint.text).toBe('Shown to users');
    expect(error.attrs.role).toBe('alert');
    expect(error.attrs.class).toBe('form-error');
    expect(error.text).toBe('Required');
    expect(input.attrs['aria-describedby']).toBe(`${hint.attrs.id} ${error.attrs.id}`);
    expect(input.attrs['aria-invalid']).toBe('true');
  });

  it('shows no error for an empty or null one', () => {
    for (const error of [null, '']) {
      const tags = render({ label: 'Name', error });
      expect(tags.some((t) => t.attrs.role === 'alert')).toBe(false);
      expect(find(tags, 'input').attrs['aria-invalid']).toBeUndefined();
    }
  });

  it('takes a message shown elsewhere, a fixed id, a hidden label and the optional marker', () => {
    const tags = render({
      label: 'Email',
      id: 'sign-in-email',
      describedBy: 'elsewhere',
      invalid: true,
      hideLabel: true,
      optional: true,
    });
    const label = find(tags, 'label');
    const input = find(tags, 'input');
    expect(input.attrs.id).toBe('sign-in-email');
    expect(label.attrs.for).toBe('sign-in-email');
    expect(label.attrs.class).toBe('visually-hidden');
    expect(find(tags, 'span').attrs.class).toBe('muted field-optional');
    expect(input.attrs['aria-describedby']).toBe('elsewhere');
    expect(input.attrs['aria-invalid']).toBe('true');
  });

  it('wraps the control in its label: the text first (wrapped) or after it (check)', () => {
    const wrapped = render({ label: 'Method', layout: 'wrapped', className: 'ops-field' });
    expect(wrapped.map((t) => t.name)).toEqual(['label', 'span', 'input']);
    expect(find(wrapped, 'label').attrs.class).toBe('ops-field');
    expect(find(wrapped, 'label').attrs.for).toBeUndefined();
    expect(find(wrapped, 'span').attrs.class).toBe('field-label');

    const check = render({
      label: 'Public',
      layout: 'check',
      className: 'checkbox',
      hint: 'Everyone sees it',
    });
    expect(check.map((t) => t.name)).toEqual(['label', 'input', 'p']);
    expect(find(check, 'label').attrs.class).toBe('checkbox');
    expect(find(check, 'input').attrs['aria-describedby']).toBe(find(check, 'p').attrs.id);
    expect(
      renderToStaticMarkup(
        createElement(FormField, { label: 'Public', layout: 'check', children: () => 'X' }),
      ),
    ).toBe('<label>X Public</label>');
  });
});
