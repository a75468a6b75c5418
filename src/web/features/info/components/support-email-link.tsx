import { publicConfig } from '../../../lib/public-config';

export function supportEmail(): string {
  return `support@${publicConfig.institutionEmailDomain}`;
}

export function SupportEmailLink() {
  const email = supportEmail();
  return <a href={`mailto:${email}`}>{email}</a>;
}
