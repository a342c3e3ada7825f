import { CharityMessages } from '@arena/contracts';

export type CharitySearchErrorKind = 'unsupported' | 'invalid';

/** A search request refused before any data source is asked: mapped to 400 by the errors interceptor. */
export class CharitySearchError extends Error {
  constructor(
    readonly kind: CharitySearchErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'CharitySearchError';
  }
}

export const unsupportedOperation = () =>
  new CharitySearchError('unsupported', CharityMessages.unsupportedGraphqlOperation);
export const invalidVariables = (message: string) => new CharitySearchError('invalid', message);
