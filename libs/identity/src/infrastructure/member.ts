/** The signed-in member, as the access-token guards put it on the request. */
export interface Member {
  id: string;
  username: string;
  /** The sign-in (refresh-token family) the access token was issued for; absent when built without a token. */
  signInId?: string;
}
