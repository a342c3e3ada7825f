/**
 * The web's forms and the server's schemas decide the same inputs the same way: the forms' helpers
 * (web/src/features/identity/auth.validation.ts) against the contract the API parses bodies with.
 */
import { AuthMessages, isCode, loginBody, signUpBody, verifyLoginBody } from '@arena/contracts';
import { loginPhone, signUpPhone } from './auth.validation';

const serverSignUpPhone = (phoneNumber: string) => {
  const parsed = signUpBody.shape.phoneNumber.safeParse(phoneNumber);
  return parsed.success ? parsed.data : undefined;
};
const serverLoginPhone = (phone: string) => {
  const parsed = loginBody.safeParse({ emailOrPhone: phone });
  return parsed.success ? parsed.data.emailOrPhone.value : undefined;
};

describe('web and server agree on the shared rules', () => {
  const typed = [
    '(415) 555-2671',
    '415.555.2671',
    '415 555 2671',
    '+1 (415) 555-2671',
    '900 555 0123',
    '12345',
  ];

  it.each(typed)('sign-up phone "%s" with +1', async (input) => {
    const web = await signUpPhone('+1', input);
    expect(web).toBe(serverSignUpPhone(input.startsWith('+') ? input : `+1 ${input}`));
  });

  it.each(typed)('login phone "%s" with +1', async (input) => {
    const web = await loginPhone('+1', input);
    expect(web).toBe(serverLoginPhone(input.startsWith('+') ? input : `+1${input}`));
  });

  it('reads (415) 555-2671 as +14155552671 on both sides', async () => {
    expect(await signUpPhone('+1', '(415) 555-2671')).toBe('+14155552671');
    expect(serverSignUpPhone('+1 (415) 555-2671')).toBe('+14155552671');
  });

  it('refuses the same premium-rate and foreign numbers at sign-up; login sends them as the server reads them', async () => {
    for (const [code, number] of [
      ['+1', '900 555 0123'],
      ['+44', '909 879 0000'],
      ['+1', '+882 1234 5678'],
      ['+1', '+999 1234 5678'],
    ] as const) {
      expect(await signUpPhone(code, number)).toBeUndefined();
      const typed = number.startsWith('+') ? number : `${code}${number}`;
      expect(await loginPhone(code, number)).toBe(serverLoginPhone(typed));
      expect(await loginPhone(code, number)).toBe(typed.replace(/\s/g, ''));
    }
    expect(serverSignUpPhone('+1 900 555 0123')).toBeUndefined();
  });

  it('accepts the same one-time codes', () => {
    const sessionId = '3b241101-e2bb-4255-8caf-4136c566a962';
    for (const code of ['123', '1234', ' 123456 ', '1234567890', '12345678901', '12a4']) {
      const server = verifyLoginBody.safeParse({ sessionId, otpCode: code });
      expect(isCode(code)).toBe(server.success);
      if (!server.success) expect(server.error.issues[0]?.message).toBe(AuthMessages.verificationCodeInvalid);
    }
  });
});
