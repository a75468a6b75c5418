import { useSearchParams } from 'react-router';
import { semesterLabel } from '@shared/catalogue';
import { REQUEST_MESSAGES, type ResourceRequest } from '@shared/request';
import { ROUTES } from '@shared/routes';
import { UPLOAD_RESOURCES_HEAD } from '@shared/page-heads/upload-resources';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { PageColumn } from '../../../components/page-column';
import { Spinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/api-client';
import { useRequestToFulfil } from '../api/get-request';
import { UploadForm } from '../components/upload-form';

/** Which request this upload fulfils, so the uploader checks it is the right file. */
function RequestSummary({ request }: { request: ResourceRequest }) {
  return (
    <Alert tone="info" className="mt-6">
      <p className="font-medium">{`Fulfilling a request: ${request.subject}`}</p>
      <p>
        {`${request.branch.toUpperCase()} ${semesterLabel(request.semester)}, ${request.academicYear}. `}
        {request.supporters === 1 ? '1 student wants this' : `${request.supporters} students want this`}
        {' and will be told by e-mail.'}
      </p>
      <p className="break-words whitespace-pre-line">{`“${request.description}”`}</p>
    </Alert>
  );
}

/** /upload-resources (CR and ADMIN; the route guard has already checked the role); ?request=id fulfils one. */
export function UploadResourcesPage() {
  const [params] = useSearchParams();
  const requestId = params.get('request');
  const wanted = useRequestToFulfil(requestId);
  const request = wanted.data?.request;
  const closed = request && request.status !== 'open';

  let content = (
    <Card className="mt-8 p-5 sm:p-8">
      <UploadForm key={request?.id ?? 'new'} request={request} />
    </Card>
  );
  if (requestId && wanted.isPending) content = <Spinner label="Loading..." showLabel className="mt-8" />;
  if (requestId && (wanted.isError || closed)) {
    content = (
      <Alert tone="error" className="mt-8">
        <p>{closed ? REQUEST_MESSAGES.alreadyClosed : errorMessage(wanted.error, REQUEST_MESSAGES.loadFailed, [403, 404])}</p>
        <p>
          <TextLink to={ROUTES.requestQueue}>Back to the request queue</TextLink>
        </p>
      </Alert>
    );
  }

  return (
    <PageColumn head={UPLOAD_RESOURCES_HEAD}>
      {request && !closed ? <RequestSummary request={request} /> : null}
      {content}
    </PageColumn>
  );
}
