import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'outline-light' | 'light';
export type ButtonSize = 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'border border-slate-300 bg-white text-brand-800 shadow-sm hover:bg-brand-50',
  accent: 'bg-accent-400 text-brand-900 shadow-sm hover:bg-amber-300',
  // For navy surfaces: white text on a transparent fill keeps contrast with the background.
  'outline-light': 'border border-white/70 text-white hover:bg-white/10',
  light: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
};

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-10 px-4 py-2 text-sm',
  lg: 'min-h-12 px-6 py-3 text-base',
};

/** Shared so links that look like buttons (LinkButton) stay in step with real buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
