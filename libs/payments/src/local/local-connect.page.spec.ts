import { escapeHtml } from '@arena/text';
import { isRoutingNumber, renderConnectPage, validateConnectForm } from './local-connect.page';

describe('the local onboarding form', () => {
  it('escapes every character that could end a text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it.each([
    ['110000000', true],
    ['011000015', true],
    ['021000021', true],
    ['110000001', false],
    ['11000000', false],
    ['11000000a', false],
    ['', false],
  ])('checks the ABA checksum of routing number %p', (value, valid) => {
    expect(isRoutingNumber(value)).toBe(valid);
  });

  it('accepts a complete form, trimming what was typed', () => {
    const { values, errors } = validateConnectForm({
      representativeName: '  Dana   Ortiz ',
      routingNumber: '110-000-000',
      accountNumber: ' 000123456789 ',
      acceptedTerms: 'yes',
    });
    expect(errors).toEqual({});
    expect(values).toEqual({
      representativeName: 'Dana Ortiz',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      acceptedTerms: true,
    });
  });

  it('names every field that is missing or wrong, and ignores values that are not text', () => {
    const { errors } = validateConnectForm({
      representativeName: ['Dana'],
      routingNumber: '123456789',
      accountNumber: '12',
    });
    expect(Object.keys(errors).sort()).toEqual([
      'acceptedTerms',
      'accountNumber',
      'representativeName',
      'routingNumber',
    ]);
    expect(
      validateConnectForm({ representativeName: '<b>Dana</b>' }).errors.representativeName,
    ).toBeDefined();
  });

  it('says it is test mode, prefills the organization, and renders no script', () => {
    const html = renderConnectPage({
      accountId: 'acct_local_1',
      organizationName: 'Harbor Food Bank',
      ein: '123456789',
      token: 'T'.repeat(43),
    });
    expect(html).toContain('Test mode — local payment provider');
    expect(html).toContain('value="Harbor Food Bank" readonly');
    expect(html).toContain('value="12-3456789" readonly');
    expect(html).toContain(`name="link" value="${'T'.repeat(43)}"`);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toMatch(/<script|\son\w+=/i);
  });

  it('shows the errors beside their fields, keeps what was typed (escaped) but never the account number', () => {
    const html = renderConnectPage({
      accountId: 'acct_local_1',
      organizationName: 'A&B <Relief>',
      ein: '123456789',
      token: 'T'.repeat(43),
      values: {
        representativeName: '"><img src=x>',
        routingNumber: '1',
        accountNumber: '999888777',
        acceptedTerms: true,
      },
      errors: { representativeName: "Enter the representative's full name." },
    });
    expect(html).toContain('Set up payouts for A&amp;B &lt;Relief&gt;');
    expect(html).toContain('value="&quot;&gt;&lt;img src=x&gt;"');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('999888777');
    expect(html).toContain('aria-invalid="true" aria-describedby="field-representativeName-error"');
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/<title>Error: /);
  });
});
