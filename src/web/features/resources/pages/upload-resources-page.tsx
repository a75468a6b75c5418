import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { UploadForm } from '../components/upload-form';

/** /upload-resources (CR and ADMIN; the route guard has already checked the role). */
export function UploadResourcesPage() {
  return (
    <Container width="prose" className="py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Upload Resources</h1>
      <p className="mt-2 text-slate-600">Share academic materials with your peers</p>
      <Card className="mt-8 p-5 sm:p-8">
        <UploadForm />
      </Card>
    </Container>
  );
}
