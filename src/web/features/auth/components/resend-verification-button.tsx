import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useResendVerification } from '../api/resend-verification';

interface ResendVerificationButtonProps {
  email: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Asks for a fresh verification link; the answer is the same whether or not the account exists. */
export function ResendVerificationButton({ email, variant = 'secondary', size, className }: ResendVerificationButtonProps) {
  const resend = useResendVerification();
  const handleClick = () =>
    resend.mutate(email, {
      onSuccess: ({ message }) => toast.success(message, { id: 'resend-verification' }),
      onError: (error) =>
        toast.error(errorMessage(error, 'Could not send the e-mail. Please try again.', [400, 429]), {
          id: 'resend-verification',
        }),
    });
  return (
    <Button variant={variant} size={size} onClick={handleClick} disabled={resend.isPending} className={className}>
      {resend.isPending ? 'Sending...' : 'Resend verification e-mail'}
    </Button>
  );
}
