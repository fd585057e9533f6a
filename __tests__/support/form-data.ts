/**
 * jest-fixed-jsdom swaps in Node's FormData (so fetch bodies work), which cannot read a <form>.
 * React 19 builds `new FormData(form, submitter)` when a submit handler starts a transition
 * (a router navigation), as the browser would; teach Node's FormData to read the form.
 */
const NodeFormData = globalThis.FormData;

type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLButtonElement;

class FormReadingFormData extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    for (const field of Array.from(form?.elements ?? []) as FormField[]) {
      if (!field.name || field.disabled) continue;
      if (field instanceof HTMLButtonElement || (field instanceof HTMLInputElement && field.type === 'submit')) {
        if (field === submitter) this.append(field.name, field.value);
        continue;
      }
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio') && !field.checked) {
        continue;
      }
      if (field instanceof HTMLInputElement && field.type === 'file') {
        for (const file of Array.from(field.files ?? [])) this.append(field.name, file);
        continue;
      }
      this.append(field.name, field.value);
    }
  }
}

globalThis.FormData = FormReadingFormData as typeof FormData;
