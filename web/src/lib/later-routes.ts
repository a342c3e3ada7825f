/**
 * Paths whose route files later issues add (charity search). Typed as plain strings so links to them
 * compile before those routes exist; until then they render 'Page not found', which is the truth.
 */
export const laterRoutes: Record<'findCharity', string> = {
  findCharity: '/find-charity',
};
