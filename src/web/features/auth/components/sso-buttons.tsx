import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { publicConfig } from '../../../lib/public-config';
import { useStartSso } from '../api/sso';

const START_FAILED = 'Could not reach the sign-in provider. Please try again.';

/** A button per OpenID Connect provider (OIDC_PROVIDERS); nothing when none is set up. */
export function SsoButtons({ refusal }: { refusal?: string }) {
  const start = useStartSso();
  const { providers } = publicConfig.sso;
  if (!providers.length) return null;
  return (
    <div className="space-y-3">
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={start.isPending}
          onClick={() => start.mutate(provider.id)}
        >
          {start.isPending && start.variables === provider.id ? 'Opening sign-in...' : `Sign in with ${provider.label}`}
        </Button>
      ))}
      {start.isError ? <Alert tone="error">{errorMessage(start.error, START_FAILED, [404, 503])}</Alert> : null}
    </div>
  );
}
