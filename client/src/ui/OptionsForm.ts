/** Renders a game's OptionField list (from /api/games) as form controls; reads values back. */
import type { OptionField } from '@parlor/shared/core/contract';
import { h } from './dom';

export interface OptionsForm {
  el: HTMLElement;
  values(): Record<string, unknown>;
  set(values: Record<string, unknown>): void;
  setDisabled(disabled: boolean): void;
}

export function optionsForm(
  fields: OptionField[],
  initial: Record<string, unknown>,
  onChange?: (values: Record<string, unknown>) => void,
): OptionsForm {
  const controls: { field: OptionField; input: HTMLInputElement | HTMLSelectElement; wrap: HTMLElement }[] =
    [];
  // Fields shown only for some value of another (showWhen): hidden otherwise, still sent.
  const showOnly = (): void => {
    const values = form.values();
    for (const { field, wrap } of controls)
      if (field.showWhen)
        wrap.style.display = field.showWhen.in.includes(values[field.showWhen.key] as never) ? '' : 'none';
  };
  const el = h('div', { class: 'options-form', testid: 'options-form' });
  for (const field of fields) {
    const id = `opt-${field.key}`;
    let input: HTMLInputElement | HTMLSelectElement;
    let wrap: HTMLElement;
    if (field.kind === 'choice') {
      input = h(
        'select',
        { class: 'input', testid: `option-${field.key}`, attrs: { id } },
        ...field.choices.map((c) => h('option', { text: c.label, attrs: { value: c.value } })),
      );
      wrap = h('div', { class: 'field' }, h('label', { text: field.label, attrs: { for: id } }), input);
    } else if (field.kind === 'toggle') {
      input = h('input', { testid: `option-${field.key}`, attrs: { id, type: 'checkbox' } });
      wrap = h('label', { class: 'toggle' }, input, h('span', { text: field.label }));
    } else {
      input = h('input', {
        class: 'input',
        testid: `option-${field.key}`,
        attrs: {
          id,
          type: 'number',
          min: String(field.min),
          max: String(field.max),
          step: String(field.step ?? 1),
          inputmode: 'numeric',
        },
      });
      wrap = h('div', { class: 'field' }, h('label', { text: field.label, attrs: { for: id } }), input);
    }
    if (field.help) wrap.append(h('span', { class: 'help', text: field.help }));
    if (field.help) wrap.title = field.help;
    input.addEventListener('change', () => {
      showOnly();
      onChange?.(form.values());
    });
    controls.push({ field, input, wrap });
    el.append(wrap);
  }
  const form: OptionsForm = {
    el,
    values() {
      const out: Record<string, unknown> = {};
      for (const { field, input } of controls) {
        if (field.kind === 'toggle') out[field.key] = (input as HTMLInputElement).checked;
        else if (field.kind === 'number') {
          const n = Number(input.value);
          out[field.key] = Number.isFinite(n)
            ? Math.min(field.max, Math.max(field.min, Math.round(n)))
            : field.min;
        } else out[field.key] = input.value;
      }
      return out;
    },
    set(values) {
      for (const { field, input } of controls) {
        const v = values[field.key];
        if (v === undefined) continue;
        if (field.kind === 'toggle') (input as HTMLInputElement).checked = v === true;
        else input.value = String(v);
      }
      showOnly();
    },
    setDisabled(disabled) {
      for (const { input } of controls) input.disabled = disabled;
    },
  };
  form.set(initial);
  return form;
}
