import { FilePlus2, Upload } from 'lucide-react';
import { Link } from 'react-router';
import type { SessionUser } from '@shared/account';
import { semesterLabel } from '@shared/catalogue';
import { CLASS_HOME_HEAD_CLASSES, classHomeHead, classOf } from '@shared/class-home-head';
import { can } from '@shared/permissions';
import { ROUTES, requestResourceHref } from '@shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { lazyComponent } from '../../../components/ui/lazy-component';
import { LinkButton } from '../../../components/ui/link-button';
import { TextLink } from '../../../components/ui/text-link';
import { useBranches } from '../../../lib/get-branches';
import { useHome } from '../api/get-home';
import { ClassSearch } from './class-search';
import { HomeSection } from './home-section';
import { paintedBranchName } from './painted-branch-name';
import { PaperTile } from './paper-tile';

/** Asked once a term, so its code loads only when the home answer asks it (DESIGN.md §5). */
const NewTermPrompt = lazyComponent(() => import('./new-term-prompt'), (m) => m.NewTermPrompt);

/** A link on the navy header: white, underlined (not told by colour alone). */
const lightLink = 'rounded font-medium text-white underline underline-offset-2 hover:text-accent-400';

/**
 * The signed-in home page: the student's own class first (branch and semester from the profile),
 * its newest papers and this term's most downloaded, their open requests, and a search box.
 */
export function ClassHome({ user }: { user: SessionUser }) {
  const home = useHome();
  const branches = useBranches();
  const klass = classOf(user);
  // The server painted the header (shared/class-home-head.ts) with the branch's name: the same
  // text from the first render on, before the branch list has arrived.
  const head = classHomeHead(user, klass ? (branches.data?.branches.find((b) => b.id === klass.branch)?.name ?? paintedBranchName(klass.branch)) : undefined);
  const baseParams: Record<string, string> = klass ? { branch: klass.branch, semester: String(klass.semester) } : { course: 'btech' };
  const libraryHref = `${ROUTES.filterResources}?${new URLSearchParams(baseParams).toString()}`;
  const previewHref = (id: string) => `${libraryHref}&preview=${encodeURIComponent(id)}`;
  const data = home.data;
  const loading = home.isPending;

  return (
    <>
      <section className={CLASS_HOME_HEAD_CLASSES.section}>
        <Container className={CLASS_HOME_HEAD_CLASSES.column}>
          <p className={CLASS_HOME_HEAD_CLASSES.eyebrow}>{head.eyebrow}</p>
          <h1 className={CLASS_HOME_HEAD_CLASSES.heading}>{head.heading}</h1>
          <ClassSearch baseParams={baseParams} label="Search the library" />
          <div className={CLASS_HOME_HEAD_CLASSES.linksRow}>
            <Link to={libraryHref} className={lightLink}>
              {klass ? 'Everything for your class' : 'Browse the library'}
            </Link>
            <Link to={ROUTES.branches} className={lightLink}>
              Other branches
            </Link>
          </div>
        </Container>
      </section>
      <Container className="pb-14">
        {data?.semesterCheck ? <NewTermPrompt check={data.semesterCheck} /> : null}
        {home.isError ? (
          <Alert tone="error" className="mt-8">
            <div className="flex flex-wrap items-center gap-3">
              <span>Your class could not be loaded.</span>
              <Button variant="secondary" onClick={() => void home.refetch()}>
                Try again
              </Button>
            </div>
          </Alert>
        ) : null}
        <HomeSection
          id="home-newest"
          title="Newest uploads"
          action={data && data.total > data.newest.length ? <TextLink to={libraryHref}>{`See all ${data.total}`}</TextLink> : undefined}
          loading={loading}
          empty={klass ? 'Nothing has been uploaded for your class yet. Ask your CR, or request what you need.' : 'The library is empty.'}
          items={(data?.newest ?? []).map((r) => <PaperTile key={r.id} resource={r} to={previewHref(r.id)} />)}
        />
        <HomeSection
          id="home-popular"
          title="Most downloaded this term"
          loading={loading}
          empty="Nothing downloaded yet this term."
          items={(data?.popular ?? []).map((r) => (
            <PaperTile key={r.id} resource={r} to={previewHref(r.id)} extra={`${r.termDownloads} ${r.termDownloads === 1 ? 'download' : 'downloads'} this term`} />
          ))}
        />
        <section aria-labelledby="home-requests" className="mt-10">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="home-requests" className="text-xl font-bold tracking-tight text-slate-900">
              Your open requests
            </h2>
            <TextLink to={ROUTES.myRequests}>All your requests</TextLink>
          </div>
          {data?.openRequests.length ? (
            <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {data.openRequests.map((r) => (
                <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
                  <span className="font-medium text-slate-900">{r.subject}</span>
                  <span className="text-sm text-slate-600">
                    {`${r.branch.toUpperCase()} ${semesterLabel(r.semester)} · ${r.academicYear} · ${r.supporters === 1 ? '1 student wants it' : `${r.supporters} students want it`}`}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-sm text-slate-600">{loading ? 'Loading...' : 'You are not waiting for anything.'}</p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <LinkButton to={requestResourceHref(klass ? { branch: klass.branch, semester: klass.semester } : {})} variant="secondary">
              <FilePlus2 aria-hidden="true" className="size-4" />
              Request a resource
            </LinkButton>
            {can(user.role, 'uploadResources') ? (
              <LinkButton to={ROUTES.uploadResources} variant="secondary">
                <Upload aria-hidden="true" className="size-4" />
                Upload a resource
              </LinkButton>
            ) : null}
          </div>
        </section>
      </Container>
    </>
  );
}
