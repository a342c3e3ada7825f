export { AuthMessages } from '@arena/contracts/auth.messages';
