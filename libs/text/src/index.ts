export { holdsOnlyWellFormedText, isWellFormedText, MALFORMED_TEXT_MESSAGE } from './well-formed-text';
export { isUuid } from './uuid';
export { escapeHtml } from './html';
