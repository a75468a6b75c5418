import { LogOut, UserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { ROUTES } from '@shared/routes';
import { buttonClasses } from '../components/ui/button';
import { cn } from '../components/ui/cn';
import type { NavLinkItem } from './nav-links';

function linkClasses(item: NavLinkItem, isActive: boolean, block: boolean) {
  // In the bar, the call to action waits for a wider screen (the phone menu has it).
  if (item.emphasis) return buttonClasses('accent', 'md', block ? 'w-full' : 'max-sm:hidden');
  return cn(
    'inline-flex min-h-10 items-center rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-white/10',
    isActive && 'bg-white/15',
    block && 'w-full text-base',
  );
}

interface NavItemsProps {
  links: readonly NavLinkItem[];
  /** Stacked full-width items, for the phone menu. */
  block?: boolean;
  onNavigate?: () => void;
}

export function NavItems({ links, block = false, onNavigate }: NavItemsProps) {
  return (
    <ul className={block ? 'flex flex-col gap-2' : 'flex items-center gap-2'}>
      {links.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} onClick={onNavigate} className={({ isActive }) => linkClasses(item, isActive, block)}>
            {item.label}
            {item.count ? (
              <span className="ml-1.5 inline-flex min-w-5 justify-center rounded-full bg-accent-400 px-1.5 text-xs font-bold text-brand-900">
                {item.count}
                <span className="sr-only"> saved</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

interface AccountItemsProps {
  name: string;
  block?: boolean;
  onLogout: () => void;
}

/**
 * The signed-in user's name, a link to their account settings, and the Logout button (which only
 * opens the confirm dialog).
 */
export function AccountItems({ name, block = false, onLogout }: AccountItemsProps) {
  return (
    <div className={block ? 'flex flex-col gap-3' : 'flex items-center gap-3'}>
      {/* The name opens the account settings (/account): where people look for them. */}
      <NavLink
        to={ROUTES.account}
        title={`Account settings (${name})`}
        className={({ isActive }) =>
          cn(
            'flex min-h-10 min-w-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-blue-100 hover:bg-white/10 hover:text-white',
            isActive && 'bg-white/15 text-white',
            block && 'text-base',
          )
        }
      >
        <UserRound aria-hidden="true" className="size-5 shrink-0" />
        <span className="sr-only">Account settings: </span>
        <span className={block ? 'truncate' : 'max-w-40 truncate'}>{name}</span>
      </NavLink>
      <button
        type="button"
        onClick={onLogout}
        className={buttonClasses('outline-light', 'md', block ? 'w-full text-base' : undefined)}
      >
        <LogOut aria-hidden="true" className="size-4" />
        Logout
      </button>
    </div>
  );
}
