import type { HTMLAttributes } from 'react';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  tone?: 'plain' | 'raised' | 'highlight';
  as?: 'section' | 'article' | 'div';
}

export function Card({ tone = 'plain', as: Tag = 'div', className, ...rest }: CardProps) {
  const classes = ['card', tone === 'plain' ? '' : `card--${tone}`, className].filter(Boolean).join(' ');
  return <Tag className={classes} {...rest} />;
}
