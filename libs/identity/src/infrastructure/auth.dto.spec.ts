import { changeEmailDto, changePhoneDto, loginDto, signUpDto, verifyPhoneDto } from './auth.dto';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('auth request bodies', () => {
  const signUp = {
    username: 'river_fox',
    email: 'river@example.org',
    phoneNumber: '+44 20 7946 0958',
    acceptedTerms: true,
    confirmedAdultInUs: true,
  };

  it('stores a sign-up phone in E.164, spaces and separators dropped', () => {
    expect(signUpDto.parse({ ...signUp, phoneNumber: '+1 (415) 555-2671' }).phoneNumber).toBe('+14155552671');
  });

  it('keeps the 15-digit ceiling at sign-up but allows 20 digits at login', () => {
    const sixteen = '+1234567890123456';
    expect(firstMessage(signUpDto.safeParse({ ...signUp, phoneNumber: sixteen }))).toBe(
      'The phone number is invalid. Use +countrycode and digits.',
    );
    expect(loginDto.parse({ emailOrPhone: sixteen }).emailOrPhone).toEqual({
      channel: 'phone',
      value: sixteen,
    });
  });

  it('treats an empty referral code as none', () => {
    expect(signUpDto.parse({ ...signUp, referralCode: '' }).referralCode).toBeUndefined();
    expect(signUpDto.parse({ ...signUp, referralCode: 'ABC123' }).referralCode).toBe('ABC123');
  });

  it('requires the terms and the 18+/US confirmation', () => {
    expect(firstMessage(signUpDto.safeParse({ ...signUp, acceptedTerms: false }))).toContain(
      'Terms of Use (v2.0)',
    );
    expect(firstMessage(signUpDto.safeParse({ ...signUp, confirmedAdultInUs: undefined }))).toContain(
      '18 or older',
    );
  });

  it('tells a login email from a login phone', () => {
    expect(loginDto.parse({ emailOrPhone: ' a@b.org ' }).emailOrPhone).toEqual({
      channel: 'email',
      value: 'a@b.org',
    });
    expect(firstMessage(loginDto.safeParse({ emailOrPhone: 'a@' }))).toBe(
      'Please enter a valid email address.',
    );
    expect(firstMessage(loginDto.safeParse({ emailOrPhone: '555' }))).toBe(
      'Please enter a valid phone number.',
    );
  });

  it('accepts codes of 4 to 10 digits only', () => {
    const sessionId = '3b241101-e2bb-4255-8caf-4136c566a962';
    expect(verifyPhoneDto.safeParse({ sessionId, otpCode: '1234' }).success).toBe(true);
    expect(verifyPhoneDto.safeParse({ sessionId, otpCode: '1234567890' }).success).toBe(true);
    expect(firstMessage(verifyPhoneDto.safeParse({ sessionId, otpCode: '123' }))).toBe(
      'Enter a valid 4-10 digit phone code.',
    );
    expect(firstMessage(verifyPhoneDto.safeParse({ sessionId, otpCode: '12345abc' }))).toBe(
      'Enter a valid 4-10 digit phone code.',
    );
  });

  it('checks a new email or phone with the sign-up rules and messages', () => {
    expect(changePhoneDto.parse({ phoneNumber: '+33 1 23 45 67 89' }).phoneNumber).toBe('+33123456789');
    expect(firstMessage(changePhoneDto.safeParse({ phoneNumber: '0123456789' }))).toBe(
      'The phone number is invalid. Use +countrycode and digits.',
    );
    expect(changeEmailDto.parse({ email: ' new@example.org ' }).email).toBe('new@example.org');
    expect(firstMessage(changeEmailDto.safeParse({}))).toBe('Email is required');
    expect(firstMessage(changeEmailDto.safeParse({ email: 'new@' }))).toBe(
      'Please enter a valid email address.',
    );
  });
});
