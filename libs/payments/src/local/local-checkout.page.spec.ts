import { formatDollars, renderCheckoutPage, validateCheckoutForm } from './local-checkout.page';

describe('the local checkout page', () => {
  it.each([
    [100, '$1.00'],
    [2505, '$25.05'],
    [123456789, '$1,234,567.89'],
  ])('shows %p cents as %p', (cents, dollars) => {
    expect(formatDollars(cents)).toBe(dollars);
  });

  it('accepts the test card however it is spaced, and the declined card, with a valid email', () => {
    for (const cardNumber of ['4242 4242 4242 4242', '4242-4242-4242-4242', '4000000000000002']) {
      expect(validateCheckoutForm({ email: ' donor@example.org ', cardNumber }).errors).toEqual({});
    }
    expect(
      validateCheckoutForm({ email: ' donor@example.org ', cardNumber: '4242 4242 4242 4242' }).values,
    ).toEqual({ email: 'donor@example.org', cardNumber: '4242424242424242' });
  });

  it.each([
    [{ email: 'donor@example.org', cardNumber: '4111111111111111' }, ['cardNumber']],
    [{ email: 'donor@example.org' }, ['cardNumber']],
    [{ email: 'not-an-email', cardNumber: '4242424242424242' }, ['email']],
    [{ email: 'a\u0007b@example.org', cardNumber: '4242424242424242' }, ['email']],
    [{ email: ['donor@example.org'], cardNumber: 4242424242424242 }, ['email', 'cardNumber']],
  ])('refuses %p, naming %p', (body, fields) => {
    expect(Object.keys(validateCheckoutForm(body as Record<string, unknown>).errors).sort()).toEqual(
      [...fields].sort(),
    );
  });

  it('says the card was declined, escapes every value, and carries its token', () => {
    const html = renderCheckoutPage({
      sessionId: 'cs_test_local_0123456789abcdef01234567',
      amountCents: 2500,
      description: '<b>Gift</b> & more',
      email: '"><img>',
      token: 'T'.repeat(43),
      declined: true,
    });
    expect(html).toContain('Your card was declined.');
    expect(html).toContain('&lt;b&gt;Gift&lt;/b&gt; &amp; more');
    expect(html).toContain('value="&quot;&gt;&lt;img&gt;"');
    expect(html).toContain(`name="token" value="${'T'.repeat(43)}"`);
    expect(html).toContain('Pay $25.00');
    expect(html).not.toContain('<img>');
  });

  it('offers a bank debit for a gift, never for a subscription (issue 20)', () => {
    const input = {
      sessionId: 'cs_test_local_0123456789abcdef01234567',
      amountCents: 2500,
      description: 'Gift',
      email: '',
      token: 'T'.repeat(43),
    };
    expect(renderCheckoutPage(input)).toContain('name="action" value="bank"');
    expect(renderCheckoutPage({ ...input, perMonth: true })).not.toContain('value="bank"');
  });
});
