import { useState } from 'react';
import { CharityMonogram } from './charity-monogram';

/**
 * A charity's mark (issue 23): its logo where it set one and is published, else its monogram. Decoration
 * either way: the charity's name is always written beside it, so the image's alt text is empty. A logo
 * that fails to load falls back to the monogram.
 */
export function CharityMark({
  name,
  ein,
  logoUrl,
  size = 'medium',
}: {
  name: string;
  ein: string;
  logoUrl: string | null | undefined;
  size?: 'small' | 'medium' | 'large';
}) {
  const [failed, setFailed] = useState<string>();
  if (!logoUrl || failed === logoUrl) return <CharityMonogram name={name} ein={ein} size={size} />;
  return (
    <img
      className={`charity-logo charity-monogram--${size}`}
      src={logoUrl}
      alt=""
      data-ein={ein.replace(/\D/g, '')}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(logoUrl)}
    />
  );
}
