import type { MemberProfile } from '@arena/contracts';

/** The member's avatar, or the first letter of their username on a tinted disc. */
export function MemberAvatar({ member, src }: { member: MemberProfile; src?: string }) {
  const image = src ?? member.avatarUrl;
  return image ? (
    <img className="member-avatar" src={image} alt={`Avatar of @${member.username}`} width={72} height={72} />
  ) : (
    <span className="member-avatar member-avatar--initial" aria-hidden="true">
      {member.username.charAt(0).toUpperCase()}
    </span>
  );
}
