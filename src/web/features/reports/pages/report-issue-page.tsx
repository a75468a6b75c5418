import { useSearchParams } from 'react-router';
import { RESOURCE_MESSAGES } from '@shared/resource';
import { REPORT_RESOURCE_PARAM, previewResourceHref } from '@shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { Spinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useSession } from '../../../lib/session';
import { useReportedResource } from '../api/get-reported-resource';
import { MyReports } from '../components/my-reports';
import { ReportForm } from '../components/report-form';
import { resourceReportFields } from '../utils/resource-report';

/**
 * /report-issue (signed in): the report form, then the user's own reports and their status.
 * With ?resource=<id> ("Report this file" in a preview) the form is pre-filled with that file.
 */
export function ReportIssuePage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const resourceId = params.get(REPORT_RESOURCE_PARAM);
  const reported = useReportedResource(resourceId);
  const resource = reported.data?.resource;
  const waiting = resourceId !== null && reported.isPending;

  return (
    <Container width="prose" className="space-y-10 py-10 sm:py-14">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Report an Issue</h1>
        <p className="mt-2 text-slate-600">Found a bug, a broken link or something missing? Tell us and we will look into it.</p>
        {resource ? (
          <Alert tone="info" className="mt-6">
            <p>
              {'You are reporting '}
              <TextLink to={previewResourceHref(resource.id)}>{`${resource.subject} (${resource.originalName})`}</TextLink>
              . Tell us what is wrong with it.
            </p>
          </Alert>
        ) : null}
        {resourceId && reported.isError ? (
          <Alert tone="error" className="mt-6">
            <p>{RESOURCE_MESSAGES.notFound}</p>
          </Alert>
        ) : null}
        <Card className="mt-8 p-5 sm:p-8">
          {waiting ? (
            <div className="flex min-h-96 items-center justify-center">
              <Spinner label="Loading the file's details..." showLabel />
            </div>
          ) : (
            <ReportForm
              key={resource?.id ?? 'blank'}
              defaultEmail={user?.email ?? ''}
              initial={resource ? resourceReportFields(resource, window.location.origin) : undefined}
            />
          )}
        </Card>
      </div>
      <MyReports />
    </Container>
  );
}
