import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ROUTES } from '@shared/routes';
import { Badge } from '../components/ui/badge';
import { buttonClasses } from '../components/ui/button';
import { cn } from '../components/ui/cn';
import { Container } from '../components/ui/container';
import { publicConfig } from '../lib/public-config';
import { LogoMark } from './logo-mark';
import { SIGNED_OUT_LINKS, type NavLinkItem } from './nav-links';

function linkClasses(item: NavLinkItem, isActive: boolean, block: boolean) {
  if (item.emphasis) return buttonClasses('accent', 'md', block ? 'w-full' : undefined);
  return cn(
    'inline-flex min-h-10 items-center rounded-lg px-3 py-2 text-sm font-medium text-white hover:bg-white/10',
    isActive && 'bg-white/15',
    block && 'w-full text-base',
  );
}

interface NavItemsProps {
  links: readonly NavLinkItem[];
  block?: boolean;
  onNavigate?: () => void;
}

function NavItems({ links, block = false, onNavigate }: NavItemsProps) {
  return (
    <ul className={block ? 'flex flex-col gap-2' : 'flex items-center gap-2'}>
      {links.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} onClick={onNavigate} className={({ isActive }) => linkClasses(item, isActive, block)}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function NavBar({ links = SIGNED_OUT_LINKS }: { links?: readonly NavLinkItem[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Any navigation (including back/forward) leaves the menu closed on the new page.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // Focus would otherwise be lost inside the now hidden menu.
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="surface-dark sticky top-0 z-40 bg-brand-900 text-white shadow-md">
      <nav aria-label="Main">
        <Container className="flex h-16 items-center justify-between gap-4">
          <div className="flex min-w-0 items-center gap-2">
            <Link to={ROUTES.home} className="flex min-w-0 items-center gap-2 rounded-lg py-1 text-lg font-bold tracking-tight">
              <LogoMark className="size-8 shrink-0" />
              <span className="truncate">{publicConfig.productName}</span>
            </Link>
            <Badge tone="accent" className="shrink-0">
              Beta
            </Badge>
          </div>
          <div className="hidden md:block">
            <NavItems links={links} />
          </div>
          <button
            ref={buttonRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10 md:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </Container>
        <div id={menuId} hidden={!open} className="border-t border-white/15 md:hidden">
          <Container className="py-4">
            <NavItems links={links} block onNavigate={() => setOpen(false)} />
          </Container>
        </div>
      </nav>
    </header>
  );
}
