/** The spec's tournament messages (§8) that the challenge detail page shows, word for word. */
export const DetailMessages = {
  idRequired: 'Tournament ID is required',
  fetchFailed: 'Failed to fetch tournament details',
  notFound: 'Tournament not found',
  loginToJoin: 'Please log in to join tournaments',
  loginToPlay: 'Please log in to play in tournaments',
  gameUnavailable: 'Game integration not available',
  authRequired: 'Authentication required to play games',
  loginToSubmit: 'Please log in to submit your score to the tournament',
  submitFailed: (reason: string) => `Failed to submit score: ${reason}`,
  gameError: 'Game encountered an error',
  joinFailed: 'Failed to join tournament',
  charityFailed: 'Failed to update charity',
} as const;
