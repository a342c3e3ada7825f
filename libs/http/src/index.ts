export { ZodValidationPipe, type ZodValidationOptions } from './zod-validation.pipe';
export { DomainError, type DomainErrorKind } from './domain-error';
export { HttpExceptionFilter, type ErrorBody } from './http-exception.filter';
export { TooManyRequestsException } from './too-many-requests.exception';
export { refuseMalformedText } from './refuse-malformed-text.hook';
export { routeBodyLimits } from './route-body-limit.hook';
export { frameworkErrorOptions } from './framework-errors';
export { BearerKeyGuard, bearerKeyMatches, type BearerKeySetting } from './bearer-key.guard';
export { routeRawBodies, rawBodyOf } from './route-raw-body.hook';
