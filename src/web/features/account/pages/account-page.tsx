import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_BRANCHES } from '@shared/catalogue';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBranches } from '../../../lib/get-branches';
import { publicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { useSignInMethods } from '../api/delete-account';
import { DeleteAccountSection } from '../components/delete-account-section';
import { DeviceSessionsSection } from '../components/device-sessions-section';
import { PasswordForm } from '../components/password-form';
import { CR_HINT, ProfileForm } from '../components/profile-form';

// Loaded with the page's other work done: set-up is rare, the page's first load stays small.
const TwoFactorSection = lazy(() => import('../components/two-factor-section').then((m) => ({ default: m.TwoFactorSection })));

const ROLE_NAMES = { STUDENT: 'Student', CR: 'Class Representative (CR)', ADMIN: 'Administrator' } as const;

function Section({ id, title, intro, tone, children }: { id: string; title: string; intro?: string; tone?: 'danger'; children: ReactNode }) {
  return (
    <Card className={tone === 'danger' ? 'border-red-200 p-5 sm:p-6' : 'p-5 sm:p-6'}>
      <section aria-labelledby={id} className="space-y-5">
        <div>
          <h2 id={id} className={tone === 'danger' ? 'text-xl font-semibold text-red-800' : 'text-xl font-semibold text-slate-900'}>
            {title}
          </h2>
          {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** A label, a control and maybe a hint line, as FormField lays them out. */
function FieldSkeleton({ hint = false }: { hint?: boolean }) {
  return (
    <div className="space-y-1.5">
      <Skeleton className="h-5 w-28" />
      <Skeleton className="h-11" />
      {hint ? <Skeleton className="h-5 w-44" /> : null}
    </div>
  );
}

/**
 * The profile form's shape while the branch list loads: the same fields, rows and hint, so the
 * form replaces it without moving the sections below.
 */
function ProfileSkeleton({ showCrHint }: { showCrHint: boolean }) {
  return (
    <div className="space-y-5" aria-busy="true" aria-label="Loading your profile">
      <FieldSkeleton />
      <div className="grid gap-5 sm:grid-cols-2">
        <FieldSkeleton />
        <FieldSkeleton />
      </div>
      {showCrHint ? <p className="text-sm text-slate-600">{CR_HINT}</p> : null}
      <FieldSkeleton hint />
      <Skeleton className="h-10 w-full sm:w-36" />
    </div>
  );
}

/** /account: the signed-in user's profile and class, password, and deleting the account. */
export function AccountPage() {
  const { user } = useSession();
  const signIn = useSignInMethods();
  const [search] = useSearchParams();
  const setupAsked = search.get('setup') === 'two-factor';
  const branchQuery = useBranches();
  // If the list cannot be loaded, the built-in branches keep the form usable (as at sign-up).
  const branches = branchQuery.data?.branches ?? (branchQuery.isError ? DEFAULT_BRANCHES : null);
  if (!user) return null;

  // Two-factor sign-in guards the password sign-in; with that off (decision 052), or no password, there is none to guard.
  const passwordUsable = publicConfig.sso.passwordLogin && signIn.data?.password !== false;
  const twoFactor = !passwordUsable ? null : (
    <Section id="two-factor-heading" title="Two-factor sign-in" intro="A code from an authenticator app on your phone, asked for after your password.">
      <Suspense fallback={<Skeleton className="h-20" />}>
        <TwoFactorSection email={user.email} setupAsked={setupAsked} />
      </Suspense>
    </Section>
  );
  return (
    <Container width="prose" className="space-y-6 py-10 sm:py-14">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Account settings</h1>
        <p className="mt-2 break-words text-slate-600">
          {user.email} · {ROLE_NAMES[user.role]}
        </p>
      </div>
      {setupAsked ? twoFactor : null}
      <Section id="profile-heading" title="Profile" intro="Your class decides what the library shows you first.">
        {branches ? (
          <ProfileForm user={user} branches={branches} />
        ) : (
          <ProfileSkeleton showCrHint={user.role === 'CR'} />
        )}
      </Section>
      {/* With password sign-in off nobody signs in with one, so there is none to change (decision 052); an account a provider made has none. */}
      {passwordUsable ? (
        <Section id="password-heading" title="Password">
          <PasswordForm email={user.email} />
        </Section>
      ) : null}
      {setupAsked ? null : twoFactor}
      <Section id="devices-heading" title="Signed-in devices" intro="Browsers where your account is open. Sign out one you no longer use, or have lost.">
        <DeviceSessionsSection />
      </Section>
      <Section id="delete-heading" title="Delete account" tone="danger">
        <DeleteAccountSection role={user.role} email={user.email} />
      </Section>
    </Container>
  );
}
