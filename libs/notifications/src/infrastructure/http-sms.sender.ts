import type { SmsMessage, SmsSender } from '../domain/message-senders';

/**
 * Posts `{ from, to, text }` as JSON to the provider's endpoint with the API key as a bearer token.
 * Any answer other than 2xx fails the job, which BullMQ retries with backoff.
 */
export class HttpSmsSender implements SmsSender {
  readonly name = 'sms-provider';

  constructor(
    private readonly endpoint: string,
    private readonly apiKey: string | undefined,
    private readonly from: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
      },
      body: JSON.stringify({ from: this.from, to: message.to, text: message.text }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new Error(`SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`);
    }
  }
}
