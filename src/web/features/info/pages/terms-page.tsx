import { Link } from 'react-router';
import { ROUTES } from '@shared/routes';
import { publicConfig } from '../../../lib/public-config';
import { InfoPage, InfoSection } from '../components/info-page';
import { SupportEmailLink } from '../components/support-email-link';

export function TermsPage() {
  const { productName, institutionName, institutionEmailDomain, maxUploadMb } = publicConfig;
  return (
    <InfoPage
      title="Terms of Use"
      intro={`These terms apply to everyone who uses ${productName}. By creating an account or using the site, you agree to them. They are short, so please read them.`}
    >
      <InfoSection title="Who can use it">
        <p>
          {productName} is for B.Tech students of {institutionName}. Anyone may look at the public pages, but an
          account needs an institution e-mail address ending in @{institutionEmailDomain}. One account per person;
          keep your password to yourself and tell us if you think someone else has used your account.
        </p>
        <p>
          {productName} is run by students and is not officially associated with {institutionName}.
        </p>
      </InfoSection>

      <InfoSection title="Acceptable use">
        <p>You agree not to:</p>
        <ul>
          <li>upload anything illegal, offensive, misleading or unrelated to your studies;</li>
          <li>upload other people&apos;s personal information, or malware of any kind;</li>
          <li>share confidential exam material, such as papers for exams that have not taken place yet;</li>
          <li>
            try to get around the site&apos;s limits or security, or download the library in bulk with automated
            tools;
          </li>
          <li>pretend to be someone else or sign up for a role you do not hold.</li>
        </ul>
      </InfoSection>

      <InfoSection title="Uploading material">
        <p>
          Only class representatives and administrators can upload. Files must be PDFs of at most {maxUploadMb} MB.
          <strong> Only upload what you have the right to share:</strong> your own notes and practical files, or
          material whose author allows sharing. You keep the rights to what you upload and allow {productName} to
          store it and show it to signed-in students for studying.
        </p>
        <p>
          If you believe a file infringes your copyright or should not be here,{' '}
          <Link to={ROUTES.reportIssue}>report an issue</Link> or write to <SupportEmailLink />. Administrators may
          remove any file at any time.
        </p>
      </InfoSection>

      <InfoSection title="No warranty">
        <p>
          Material is contributed by students for educational purposes only. We do not check every file for accuracy,
          and we cannot promise that it is complete, correct or up to date with the current syllabus. The site is
          provided as it is, without any warranty, and may be unavailable from time to time. Use the material at your
          own judgement; your lectures and the official syllabus always come first.
        </p>
      </InfoSection>

      <InfoSection title="Suspension and removal">
        <p>
          Administrators may change roles, suspend or delete accounts, and remove uploads that break these terms.
          Where it is reasonable, we will tell you why. You can stop using {productName} and ask for your account to
          be deleted at any time.
        </p>
      </InfoSection>

      <InfoSection title="Changes and contact">
        <p>
          We may update these terms as the site grows; the current version is always on this page. How we handle
          your data is described in the <Link to={ROUTES.privacyPolicy}>privacy policy</Link>. Questions? Write to{' '}
          <SupportEmailLink />.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
