/** A player's avatar, or the first letter of their username on a tinted disc. */
export function PlayerAvatar({
  username,
  avatarUrl,
  size = 40,
}: {
  username: string;
  avatarUrl: string | null;
  size?: number;
}) {
  return avatarUrl ? (
    <img className="player-avatar" src={avatarUrl} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span
      className="player-avatar player-avatar--initial"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {username.charAt(0).toUpperCase()}
    </span>
  );
}
