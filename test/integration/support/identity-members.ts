import { randomInt, randomUUID } from 'node:crypto';
import {
  eventually,
  startIdentityHarness,
  startSmsProvider,
  startSmtpServer,
  type Delivered,
  type IdentityHarness,
} from '../identity-harness';

export type Call = IdentityHarness['call'];

export interface SignUpDetails {
  username: string;
  email: string;
  phoneNumber: string;
  acceptedTerms: true;
  confirmedAdultInUs: true;
}

export interface SignedUpMember {
  details: SignUpDetails;
  started: Awaited<ReturnType<Call>>;
  email: Awaited<ReturnType<Call>>;
  phone: Awaited<ReturnType<Call>>;
  tokens: { accessToken: string; refreshToken: string };
}

/** Sign-up details no other test uses: a fresh username, a mixed-case email and a spaced US phone. */
export function newPerson(): SignUpDetails {
  const tag = randomUUID().replace(/-/g, '').slice(0, 10);
  return {
    username: `m_${tag}`,
    email: `Member.${tag}@Example.org`,
    phoneNumber: `+1 415 ${String(randomInt(2_000_000, 9_999_999))}`,
    acceptedTerms: true,
    confirmedAdultInUs: true,
  };
}

export const e164 = (phone: string) => phone.replace(/\s/g, '');

/**
 * Members and their codes for identity integration specs: calls from an address of their own,
 * codes read off the SMTP server and the SMS provider the harness delivers to.
 */
export function identityMembers(harness: IdentityHarness, mail: { email: Delivered[]; sms: Delivered[] }) {
  /** Each test speaks from its own address, so the per-IP limits of one never touch another. */
  const client = (): Call => {
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    return (method, path, body, headers = {}) =>
      harness.call(method, path, body, { 'x-forwarded-for': ip, ...headers });
  };

  const sentTo = (messages: Delivered[], to: string) =>
    messages.filter((m) => m.to.toLowerCase() === to.toLowerCase());

  /** The text of the nth message to `to`, once it has arrived. */
  const nthMessage = (messages: Delivered[], to: string, nth: number) =>
    eventually(() => sentTo(messages, to)[nth - 1]?.text, `message #${nth} for ${to}`);

  const codeIn = (messages: Delivered[], to: string, pattern: RegExp, nth: number) =>
    eventually(() => sentTo(messages, to)[nth - 1]?.text.match(pattern)?.[1], `code #${nth} for ${to}`);
  const emailCode = (to: string, nth = 1) => codeIn(mail.email, to, /verification code is (\d{6})/, nth);
  const smsCode = (to: string, nth = 1) => codeIn(mail.sms, to, /code: (\d{6})/, nth);

  /** `referral`: what the sign-up says of a referral (by default a well-formed code nobody holds). */
  async function signUp(
    call = client(),
    details = newPerson(),
    referral: Record<string, unknown> = { referralCode: 'FRIEND42', referralOption: 2 },
  ): Promise<SignedUpMember> {
    const started = await call('POST', '/auth/signup', { ...details, ...referral });
    expect(started.status).toBe(200);
    const email = await call('POST', '/auth/verify/email', {
      sessionId: started.body.data.sessionId,
      otpCode: await emailCode(details.email),
    });
    const phone = await call('POST', '/auth/verify/phone', {
      sessionId: started.body.data.sessionId,
      otpCode: await smsCode(e164(details.phoneNumber)),
    });
    return { details, started, email, phone, tokens: phone.body.data.tokens };
  }

  return {
    client,
    emailCode,
    smsCode,
    signUp,
    /** Every email and SMS delivered to `to` so far. */
    deliveredTo: (to: string) => [...sentTo(mail.email, to), ...sentTo(mail.sms, to)],
    emailText: (to: string, nth = 1) => nthMessage(mail.email, to, nth),
  };
}

export interface IdentityStack {
  harness: IdentityHarness;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  sms: Awaited<ReturnType<typeof startSmsProvider>>;
  members: ReturnType<typeof identityMembers>;
}

/**
 * Registers a suite's hooks for the composed API over a real SMTP server and SMS provider started
 * here, with the member helpers reading codes from what they deliver. The fields are set in beforeAll.
 */
export function useIdentityStack(env: Record<string, string> = {}): IdentityStack {
  const stack = {} as IdentityStack;
  beforeAll(async () => {
    [stack.smtp, stack.sms] = await Promise.all([startSmtpServer(), startSmsProvider()]);
    stack.harness = await startIdentityHarness({
      SMTP_URL: stack.smtp.url,
      SMS_PROVIDER_URL: stack.sms.url,
      SMS_PROVIDER_API_KEY: 'sms-test-key',
      ...env,
    });
    stack.members = identityMembers(stack.harness, { email: stack.smtp.messages, sms: stack.sms.messages });
  });
  afterEach(() => stack.harness?.resetClock());
  afterAll(async () => {
    await stack.harness?.close();
    await Promise.all([stack.smtp?.close(), stack.sms?.close()]);
  });
  return stack;
}
