import { escapeHtml } from '@arena/text';

/** What the local driver's stand-ins for the provider's hosted pages (connect, checkout) look like. */
export const LOCAL_PAGE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
main{max-width:32rem;margin:0 auto;padding:1rem}
.banner{margin:0 0 1rem;padding:.75rem 1rem;border:2px dashed #b45309;border-radius:.5rem;background:#fffbeb;color:#7c2d12;font-weight:600}
.card{padding:1.25rem;border:1px solid #d0d7de;border-radius:.75rem;background:#fff}
h1{font-size:1.375rem;margin:0 0 .25rem}
p.lead{margin:0 0 1rem;color:#4b5563}
fieldset{border:0;margin:0 0 1rem;padding:0}
legend{font-weight:600;margin-bottom:.5rem}
label{display:block;font-weight:500;margin:.75rem 0 .25rem}
input[type=text]{width:100%;padding:.625rem .75rem;font:inherit;border:1px solid #8c959f;border-radius:.375rem;background:#fff;color:inherit}
input[readonly]{background:#eef1f4}
input:focus-visible,button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
input[aria-invalid=true]{border-color:#b91c1c}
.hint{margin:.25rem 0 0;font-size:.875rem;color:#4b5563}
.error{margin:.25rem 0 0;font-size:.875rem;color:#b91c1c;font-weight:600}
.check{display:flex;gap:.5rem;align-items:flex-start;margin-top:1rem}
.check input{width:1.25rem;height:1.25rem;margin:.125rem 0 0}
.check label{margin:0;font-weight:400}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button{flex:1 1 10rem;min-height:2.75rem;padding:.625rem 1rem;font:inherit;font-weight:600;border-radius:.375rem;cursor:pointer}
.primary{border:0;background:#1d4ed8;color:#fff}
.secondary{border:1px solid #8c959f;background:#fff;color:#1a1f36}
.summary{margin:0 0 1rem;padding:.75rem 1rem;border-radius:.5rem;background:#fef2f2;color:#991b1b}
`;

/** A labelled input with its hint and error, tied together for screen readers. */
export function formField(options: {
  name: string;
  type?: 'text' | 'email';
  label: string;
  value: string;
  hint?: string;
  error?: string;
  autocomplete: string;
  inputmode?: string;
}): string {
  const id = `field-${options.name}`;
  const described = [options.hint ? `${id}-hint` : '', options.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return `
      <label for="${id}">${escapeHtml(options.label)}</label>
      <input type="${options.type ?? 'text'}" id="${id}" name="${options.name}" value="${escapeHtml(options.value)}" required
        autocomplete="${options.autocomplete}"${options.inputmode ? ` inputmode="${options.inputmode}"` : ''}${options.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
      ${options.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(options.hint)}</p>` : ''}
      ${options.error ? `<p class="error" id="${id}-error">${escapeHtml(options.error)}</p>` : ''}`;
}
