import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BETA_BADGE, NAV_CLASSES } from '@shared/page-frame';
import { ROUTES } from '@shared/routes';
import { cn } from '../components/ui/cn';
import { Container } from '../components/ui/container';
import { lazyComponent } from '../components/ui/lazy-component';
import { publicConfig } from '../lib/public-config';
import { useSession } from '../lib/session';
import { useShelfIds } from '../lib/shelf';
import { LogoMark } from './logo-mark';
import { AccountItems, NavItems } from './nav-items';
import { signedInLinks, signedOutLinks } from './nav-links';

// Opened only by a click on Logout: out of every route's first load (DESIGN.md §5). Rendered
// (closed) with a signed-in nav, so its code arrives right after the page, before any click.
const LogoutDialog = lazyComponent(() => import('../features/auth/components/logout-dialog'), (m) => m.LogoutDialog);

/** SPEC.md §2 navigation bar: links by session and role; a menu button on small screens. */
export function NavBar() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const shelf = useShelfIds();
  const links = user ? signedInLinks(user.role, { shelf: shelf.count }) : signedOutLinks(publicConfig.sso.passwordLogin);
  // Signed in, the bar holds up to three links, a name and Logout: below lg that squeezes the
  // product name to a letter, so the menu button takes over earlier. (Literal class names, so
  // Tailwind sees them.)
  // Admins (six links with My shelf) get the full bar from xl only.
  // Signed out, the bar keeps Login on phones too (nav-items.tsx hides Sign Up there): one tap,
  // not two, for a student who opened a shared link.
  const wide = !user
    ? { bar: 'flex', menu: 'md:hidden' }
    : links.length > 4
      ? { bar: 'hidden xl:flex', menu: 'xl:hidden' }
      : { bar: 'hidden lg:flex', menu: 'lg:hidden' };

  // Any navigation (including back/forward) leaves the menu closed on the new page.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    // While the logout dialog is open, Escape belongs to the dialog.
    if (!open || logoutOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // Focus would otherwise be lost inside the now hidden menu.
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, logoutOpen]);

  const account = (block: boolean) =>
    user ? <AccountItems name={user.name} block={block} onLogout={() => setLogoutOpen(true)} /> : null;

  return (
    <>
      <header className={NAV_CLASSES.header}>
        <nav aria-label="Main">
          <Container className={NAV_CLASSES.bar}>
            <div className={NAV_CLASSES.brandGroup}>
              <Link to={ROUTES.home} className={NAV_CLASSES.brand}>
                <LogoMark className="size-8 shrink-0" />
                <span className="truncate">{publicConfig.productName}</span>
              </Link>
              <span className={NAV_CLASSES.badge}>{BETA_BADGE}</span>
            </div>
            <div className={cn('ml-auto items-center gap-4', wide.bar)}>
              <NavItems links={links} />
              {account(false)}
            </div>
            <button
              ref={buttonRef}
              type="button"
              className={cn('inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10', wide.menu)}
              aria-label={open ? 'Close menu' : 'Open menu'}
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
            </button>
          </Container>
          {/* Filled only while open: the closed menu adds no second copy of the links and name. */}
          <div id={menuId} hidden={!open} className={cn('border-t border-white/15', wide.menu)}>
            {open ? (
              <Container className="space-y-4 py-4">
                <NavItems links={links} block onNavigate={() => setOpen(false)} />
                {user ? <div className="border-t border-white/15 pt-4">{account(true)}</div> : null}
              </Container>
            ) : null}
          </div>
        </nav>
      </header>
      {/* Outside the header: its dark-surface focus style (white outline) would vanish on the white dialog. */}
      {user ? (
        <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
      ) : null}
    </>
  );
}
