import {
  changeEmailBody,
  changePhoneBody,
  loginBody,
  signUpBody,
  verifyPhoneBody,
} from './identity.contract';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('auth request bodies', () => {
  const signUp = {
    username: 'river_fox',
    email: 'river@example.org',
    phoneNumber: '+44 7911 123456',
    acceptedTerms: true,
    confirmedAdultInUs: true,
  };

  it('stores a sign-up phone in E.164, spaces and separators dropped', () => {
    expect(signUpBody.parse({ ...signUp, phoneNumber: '+1 (415) 555-2671' }).phoneNumber).toBe(
      '+14155552671',
    );
  });

  it('keeps the spec message for a number longer than 15 digits at sign-up and 20 at login', () => {
    expect(firstMessage(signUpBody.safeParse({ ...signUp, phoneNumber: '+1234567890123456' }))).toBe(
      'The phone number is invalid. Use +countrycode and digits.',
    );
    expect(firstMessage(loginBody.safeParse({ emailOrPhone: '+123456789012345678901' }))).toBe(
      'Please enter a valid phone number.',
    );
  });

  it('takes any login number of the spec shape, a plus and 8 to 20 digits, 16 to 20 digits too', () => {
    for (const number of ['+12345678', '+1234567890123456', '+12345678901234567890']) {
      expect(loginBody.parse({ emailOrPhone: number }).emailOrPhone).toEqual({
        channel: 'phone',
        value: number,
      });
    }
    expect(firstMessage(loginBody.safeParse({ emailOrPhone: '+1234567' }))).toBe(
      'Please enter a valid phone number.',
    );
  });

  it('refuses format and control characters anywhere in a username, a leading U+FEFF too', () => {
    for (const username of [
      '\u202E',
      'river\u202Efox',
      '\uFEFFriver_fox',
      'river\u200Dfox',
      'river_fox\u0007',
    ]) {
      expect({ username, message: firstMessage(signUpBody.safeParse({ ...signUp, username })) }).toEqual({
        username,
        message: 'Username must be 3 to 30 letters, numbers or underscores.',
      });
    }
    expect(signUpBody.parse({ ...signUp, username: ' river_fox ' }).username).toBe('river_fox');
    expect(firstMessage(signUpBody.safeParse({ ...signUp, username: ' ' }))).toBe('Username is required');
  });

  it('treats an empty or malformed referral code as none', () => {
    expect(signUpBody.parse({ ...signUp, referralCode: '' }).referralCode).toBeUndefined();
    expect(signUpBody.parse({ ...signUp, referralCode: 'ABC123' }).referralCode).toBe('ABC123');
    for (const malformed of ['a-b', '<b>x</b>', '\u202eABCDEFGH', 'ABC', 'A'.repeat(33)]) {
      expect(signUpBody.parse({ ...signUp, referralCode: malformed }).referralCode).toBeUndefined();
    }
    expect(signUpBody.safeParse({ ...signUp, referralCode: 42 }).success).toBe(false);
  });

  it("takes the form's consent boxes, and reads the spec's call without them as no consent given", () => {
    expect(signUpBody.parse(signUp)).toMatchObject({ acceptedTerms: true, confirmedAdultInUs: true });
    const { acceptedTerms: _terms, confirmedAdultInUs: _adult, ...spec } = signUp;
    expect(signUpBody.parse({ ...spec, referralCode: 'FRIEND42' })).toMatchObject({
      acceptedTerms: false,
      confirmedAdultInUs: false,
    });
    expect(signUpBody.parse({ ...signUp, confirmedAdultInUs: false }).confirmedAdultInUs).toBe(false);
    expect(firstMessage(signUpBody.safeParse({ ...signUp, acceptedTerms: 'yes' }))).toContain(
      'Terms of Use (v2.0)',
    );
  });

  it('tells a login email from a login phone', () => {
    expect(loginBody.parse({ emailOrPhone: ' a@b.org ' }).emailOrPhone).toEqual({
      channel: 'email',
      value: 'a@b.org',
    });
    expect(firstMessage(loginBody.safeParse({ emailOrPhone: 'a@' }))).toBe(
      'Please enter a valid email address.',
    );
    expect(firstMessage(loginBody.safeParse({ emailOrPhone: '555' }))).toBe(
      'Please enter a valid phone number.',
    );
  });

  it('accepts codes of 4 to 10 digits only', () => {
    const sessionId = '3b241101-e2bb-4255-8caf-4136c566a962';
    expect(verifyPhoneBody.safeParse({ sessionId, otpCode: '1234' }).success).toBe(true);
    expect(verifyPhoneBody.safeParse({ sessionId, otpCode: '1234567890' }).success).toBe(true);
    expect(firstMessage(verifyPhoneBody.safeParse({ sessionId, otpCode: '123' }))).toBe(
      'Enter a valid 4-10 digit phone code.',
    );
    expect(firstMessage(verifyPhoneBody.safeParse({ sessionId, otpCode: '12345abc' }))).toBe(
      'Enter a valid 4-10 digit phone code.',
    );
  });

  it('checks a new email or phone with the sign-up rules and messages', () => {
    expect(changePhoneBody.parse({ phoneNumber: '+33 6 12 34 56 78' }).phoneNumber).toBe('+33612345678');
    expect(firstMessage(changePhoneBody.safeParse({ phoneNumber: '0123456789' }))).toBe(
      'The phone number is invalid. Use +countrycode and digits.',
    );
    expect(changeEmailBody.parse({ email: ' new@example.org ' }).email).toBe('new@example.org');
    expect(firstMessage(changeEmailBody.safeParse({}))).toBe('Email is required');
    expect(firstMessage(changeEmailBody.safeParse({ email: 'new@' }))).toBe(
      'Please enter a valid email address.',
    );
  });
});
