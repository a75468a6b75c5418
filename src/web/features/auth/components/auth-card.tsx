import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';

interface AuthCardProps {
  /** The page's one h1. */
  title: string;
  subtitle?: ReactNode;
  /** Links under the card, such as "Don't have an account? Sign up". */
  footer?: ReactNode;
  /**
   * Moves focus to the heading when the card appears in place of another (a form that turned
   * into a result), so screen readers announce the new state instead of silence.
   */
  focusHeading?: boolean;
  children: ReactNode;
}

/** The centred white card all account screens share. */
export function AuthCard({ title, subtitle, footer, focusHeading = false, children }: AuthCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  return (
    <Container className="py-8 sm:py-14">
      <div className="mx-auto w-full max-w-md">
        <Card className="p-5 sm:p-8">
          <h1
            ref={headingRef}
            tabIndex={focusHeading ? -1 : undefined}
            className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
          >
            {title}
          </h1>
          {subtitle ? <p className="mt-2 text-slate-600">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </Card>
        {footer ? <div className="mt-6 space-y-2 text-center text-sm text-slate-700">{footer}</div> : null}
      </div>
    </Container>
  );
}
