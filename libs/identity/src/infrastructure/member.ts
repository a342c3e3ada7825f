/** The signed-in member, as the access-token guards put it on the request. */
export interface Member {
  id: string;
  username: string;
}
