export interface ProfileNavItem {
  /** The id of the section's heading, which the link jumps to. */
  id: string;
  label: string;
}

/**
 * The profile's section links (issue 23, item 11): plain in-page anchors, so they work without script and
 * keep the browser's own history; beside the sections and sticky on wide screens, above them on phones.
 */
export function ProfileNav({ items }: { items: ProfileNavItem[] }) {
  return (
    <nav className="profile-nav" aria-label="Profile sections">
      <ul className="profile-nav__list">
        {items.map((item) => (
          <li key={item.id}>
            <a className="profile-nav__link" href={`#${item.id}`}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
