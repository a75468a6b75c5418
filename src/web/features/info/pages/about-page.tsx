import { Link } from 'react-router';
import { ROUTES } from '@shared/routes';
import { publicConfig } from '../../../lib/public-config';
import { InfoPage, InfoSection } from '../components/info-page';
import { SupportEmailLink } from '../components/support-email-link';

export function AboutPage() {
  const { productName, institutionName, institutionEmailDomain, maxUploadMb } = publicConfig;
  return (
    <InfoPage
      title={`About ${productName}`}
      intro={`${productName} is a student-run library of notes, previous-year question papers (PYQs) and practical files for B.Tech students of ${institutionName}.`}
    >
      <InfoSection title="Why it exists">
        <p>
          Good study material is usually scattered across group chats, pen drives and the inboxes of a few helpful
          seniors. Files get lost every semester, and new students have to ask around for the same papers again.{' '}
          {productName} keeps that material in one place, sorted by branch, semester and subject, so anyone in your
          class can find it in a minute, even on a slow connection.
        </p>
      </InfoSection>

      <InfoSection title="What you will find">
        <ul>
          <li>
            <strong>Notes</strong> from lectures and self-study, shared by the students who took the course.
          </li>
          <li>
            <strong>Previous-year question papers</strong> to see how each subject is examined.
          </li>
          <li>
            <strong>Practical files</strong> that show how lab work is written up.
          </li>
        </ul>
        <p>Every file is a PDF that you can preview in your browser before you decide to download it.</p>
      </InfoSection>

      <InfoSection title="How it works">
        <ul>
          <li>
            <strong>Students</strong> sign up with their {institutionName} e-mail address (ending in @
            {institutionEmailDomain}), browse the <Link to={ROUTES.branches}>engineering branches</Link>, and preview and
            download what they need.
          </li>
          <li>
            <strong>Class representatives</strong> (CRs) upload material for their class as PDFs of up to{' '}
            {maxUploadMb} MB each.
          </li>
          <li>
            <strong>Administrators</strong> look after accounts and roles and remove files that break the{' '}
            <Link to={ROUTES.terms}>terms of use</Link>.
          </li>
        </ul>
        <p>
          Missing something? Use <Link to={ROUTES.requestResources}>Request Resources</Link> to tell your CRs what you
          need. Found a broken file or something that should not be here?{' '}
          <Link to={ROUTES.reportIssue}>Report an issue</Link> and we will look at it.
        </p>
      </InfoSection>

      <InfoSection title="Who runs it">
        <p>
          {productName} is run by students, for students. It is not an official service of {institutionName}, and
          the material on it is contributed by students for educational purposes only. It is not a replacement for
          your lectures, textbooks or the official syllabus.
        </p>
        <p>
          Everything, including every PDF, is served from our own server: no advertising, no tracking and no
          third-party scripts. Read the <Link to={ROUTES.privacyPolicy}>privacy policy</Link> for the details.
        </p>
      </InfoSection>

      <InfoSection title="Contact">
        <p>
          Questions, ideas or a request to remove something? Write to <SupportEmailLink />.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
