/**
 * Rules for names that people type and other people read (charity display names, invitation names),
 * shared by the web and the server, without zod (the web bundles them).
 */

/**
 * Unicode control (Cc) and format (Cf) characters: invisible, or they change how the text around them
 * reads (U+202E RIGHT-TO-LEFT OVERRIDE turns "Red Cross" into a mirror; U+200B ZERO WIDTH SPACE makes
 * two names look one). No name needs them.
 */
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

export const hasControlOrFormatCharacters = (value: string) => CONTROL_OR_FORMAT.test(value);

export const CONTROL_OR_FORMAT_MESSAGE = 'Names cannot contain invisible or control characters.';

/**
 * A link or an email address somewhere in the text: a scheme (`http:`, `mailto:`…), `www.`, an `@`, or a
 * dotted host whose last label is two letters or more ("example.com", "bit.ly"). Initials such as
 * "U.S.A." or "St. Jude" are not hosts: a single letter after the dot, or a space after it.
 */
const LINK_OR_ADDRESS =
  /([a-z][a-z0-9+.-]*:\/\/|\b(mailto|https?|ftp|data|javascript):|www\.|@|[\p{L}\p{N}-]\.\p{L}{2,})/iu;

export const containsLinkOrEmailAddress = (value: string) => LINK_OR_ADDRESS.test(value);

export const LINK_OR_ADDRESS_MESSAGE = 'Names cannot contain links or email addresses.';
