import { AuthMessages } from './auth.messages';
import { loginBody, signUpBody } from './identity.contract';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

const signUp = (phoneNumber: string) =>
  signUpBody.safeParse({
    username: 'river_fox',
    email: 'river@example.org',
    phoneNumber,
    acceptedTerms: true,
    confirmedAdultInUs: true,
  });
const login = (emailOrPhone: string) => loginBody.safeParse({ emailOrPhone });

describe('phone numbers an SMS may go to', () => {
  const refused = {
    'a UK premium-rate number': '+44 909 879 0000',
    'a UK landline': '+44 20 7946 0958',
    'a US premium-rate (900) number': '+1 900 555 0123',
    'a US toll-free number': '+1 800 555 0123',
    'an international network (+882) number': '+882 1234 5678',
    'an unassigned country code (+999)': '+999 1234 5678',
  };

  it.each(Object.entries(refused))(
    'refuses %s at sign-up with the spec message; login takes it as typed (the spec asks only its shape)',
    (_, number) => {
      expect(firstMessage(signUp(number))).toBe(AuthMessages.signUpPhoneInvalid);
      expect(login(number)).toMatchObject({
        success: true,
        data: { emailOrPhone: { channel: 'phone', value: number.replace(/\s/g, '') } },
      });
    },
  );

  it('accepts a US mobile-capable number at both, stored in E.164', () => {
    expect(signUp('+1 (415) 555-2671')).toMatchObject({
      success: true,
      data: { phoneNumber: '+14155552671' },
    });
    expect(login('+1 (415) 555-2671')).toMatchObject({
      success: true,
      data: { emailOrPhone: { channel: 'phone', value: '+14155552671' } },
    });
  });

  it('accepts a UK mobile at both', () => {
    expect(signUp('+44 7911 123456').success).toBe(true);
    expect(login('+447911123456').success).toBe(true);
  });

  it('normalises a login number to E.164 only for the country codes the login form offers', () => {
    expect(signUp('+33 6 12 34 56 78').success).toBe(true);
    expect(login('+44 07911 123456')).toMatchObject({ data: { emailOrPhone: { value: '+447911123456' } } });
    expect(login('+33 06 12 34 56 78')).toMatchObject({ data: { emailOrPhone: { value: '+330612345678' } } });
  });

  it('stores a number typed with its trunk zero as the network knows it', () => {
    expect(signUp('+44 07911 123456')).toMatchObject({
      success: true,
      data: { phoneNumber: '+447911123456' },
    });
  });
});
