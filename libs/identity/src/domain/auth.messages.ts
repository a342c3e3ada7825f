export { AuthMessages } from '@arena/contracts';
