import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { useSession } from '../../../lib/session';
import { MyReports } from '../components/my-reports';
import { ReportForm } from '../components/report-form';

/** /report-issue (signed in): the report form, then the user's own reports and their status. */
export function ReportIssuePage() {
  const { user } = useSession();
  return (
    <Container width="prose" className="space-y-10 py-10 sm:py-14">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Report an Issue</h1>
        <p className="mt-2 text-slate-600">Found a bug, a broken link or something missing? Tell us and we will look into it.</p>
        <Card className="mt-8 p-5 sm:p-8">
          <ReportForm defaultEmail={user?.email ?? ''} />
        </Card>
      </div>
      <MyReports />
    </Container>
  );
}
