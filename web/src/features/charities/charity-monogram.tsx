import { monogramColour, monogramInitials } from './charity-monogram.rules';
import './charity-monogram.css';

/**
 * A charity's mark where it has no logo: its initials on its EIN's colour. Decoration: the charity's
 * name is always written beside it.
 */
export function CharityMonogram({
  name,
  ein,
  size = 'medium',
}: {
  name: string;
  ein: string;
  size?: 'small' | 'medium' | 'large';
}) {
  return (
    <span
      className={`charity-monogram charity-monogram--${size}`}
      style={{ backgroundColor: monogramColour(ein) }}
      data-ein={ein.replace(/\D/g, '')}
      aria-hidden="true"
    >
      {monogramInitials(name)}
    </span>
  );
}
