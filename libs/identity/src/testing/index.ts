export { createMember, type TestMember } from './member.factory';
