import { CharityMessages } from '@arena/contracts';
import { DomainError } from '@arena/http';

/** A search request refused before any data source is asked (an unsupported operation or bad variables). */
export class CharitySearchError extends DomainError<'invalid'> {}

export const unsupportedOperation = () =>
  new CharitySearchError('invalid', CharityMessages.unsupportedGraphqlOperation);
export const invalidVariables = (message: string) => new CharitySearchError('invalid', message);
