import { Link } from 'react-router';
import { ROUTES } from '@shared/routes';
import { publicConfig } from '../../../lib/public-config';
import { InfoPage, InfoSection } from '../components/info-page';
import { SupportEmailLink } from '../components/support-email-link';

export function PrivacyPage() {
  const { productName, institutionName, institutionEmailDomain } = publicConfig;
  return (
    <InfoPage
      title="Privacy Policy"
      intro={`${productName} collects only what it needs to run a study library for B.Tech students of ${institutionName}. This page explains what that is, why we keep it and what you can do about it.`}
    >
      <InfoSection title="What we store">
        <p>When you create an account and use {productName}, we store:</p>
        <ul>
          <li>
            <strong>Your profile:</strong> name, institution e-mail address (@{institutionEmailDomain}), branch,
            semester, academic session and role (student, class representative or administrator).
          </li>
          <li>
            <strong>Your password</strong>, only as a salted hash. Nobody, including administrators, can read it.
          </li>
          <li>
            <strong>What you upload:</strong> the PDF files and their details (subject, semester, type, academic
            year), together with who uploaded them and when.
          </li>
          <li>
            <strong>Download counts</strong> for each file. These are totals; we do not keep a list of who downloaded
            what.
          </li>
          <li>
            <strong>Your requests and issue reports</strong>, including the contact e-mail and any screenshot you
            attach.
          </li>
        </ul>
        <p>
          Like any web server, ours briefly logs technical details of requests (such as the IP address and the time)
          to keep the service secure, for example to slow down repeated failed login attempts.
        </p>
      </InfoSection>

      <InfoSection title="Why we store it">
        <ul>
          <li>To let you sign in and to check that you are a student of {institutionName}.</li>
          <li>To show you the material for your branch and semester.</li>
          <li>To know who may upload files and who may manage accounts.</li>
          <li>To answer your requests and fix the issues you report.</li>
        </ul>
        <p>We never sell your data, show advertising or use your data to profile you.</p>
      </InfoSection>

      <InfoSection title="Who can see it">
        <p>
          Other students see the files and their details, but not who uploaded them. Administrators can see user
          profiles and the uploader of each file, so that they can manage roles and deal with reports. We share nothing with
          anyone outside {productName}, unless the law requires it.
        </p>
      </InfoSection>

      <InfoSection title="Cookies">
        <p>
          {productName} sets a single cookie: a session cookie that keeps you signed in. It cannot be read by scripts
          and is removed when you log out or when it expires. There are no analytics, advertising or tracking cookies.
        </p>
      </InfoSection>

      <InfoSection title="No third parties">
        <p>
          Every page, font, icon and PDF is served from our own server. The site loads no third-party scripts,
          trackers or content delivery networks, so nobody else learns which pages you open.
        </p>
      </InfoSection>

      <InfoSection title="How long we keep it">
        <p>
          Your profile stays as long as your account exists. Uploaded files stay available to other students until
          they are removed by an administrator. If you want your account deleted, write to us and we will remove your
          profile; files you uploaded may stay in the library without your name attached.
        </p>
      </InfoSection>

      <InfoSection title="Removing material and copyright">
        <p>
          If a file contains your personal information or your copyrighted work and should not be shared here,{' '}
          <Link to={ROUTES.reportIssue}>report an issue</Link> or write to <SupportEmailLink />. Tell us which file it
          is and why it should be removed; an administrator will review it and remove it if it should not be here.
        </p>
      </InfoSection>

      <InfoSection title="Contact">
        <p>
          For any question about your data, or to see, correct or delete it, write to <SupportEmailLink />. If this
          policy changes in a way that matters to you, we will say so on this page.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
