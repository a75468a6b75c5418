import { Link, type LinkProps } from 'react-router';
import { cn } from './cn';

/** Underlined so a link is recognisable without relying on colour alone (WCAG 1.4.1). */
export const textLinkClasses =
  'rounded font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

export function TextLink({ className, ...props }: LinkProps) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}
