const EXCERPT_CHARS = 160;

/** A caption cut for the home carousel: at most ~160 characters, ending on a whole word, with '…'. */
export function storyExcerpt(caption: string): string {
  const text = caption.replace(/\s+/g, ' ').trim();
  if (text.length <= EXCERPT_CHARS) return text;
  const cut = text.slice(0, EXCERPT_CHARS + 1);
  const lastSpace = cut.lastIndexOf(' ');
  // One very long word: cut inside it rather than answer nothing.
  const head = lastSpace > 0 ? cut.slice(0, lastSpace) : text.slice(0, EXCERPT_CHARS);
  return `${head.replace(/[\s.,;:!?-]+$/, '')}…`;
}
