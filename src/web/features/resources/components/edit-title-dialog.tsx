import { useEffect, useState, type FormEvent } from 'react';
import { RESOURCE_MESSAGES, TITLE_MAX_LENGTH, resourceUpdateSchema, type Resource } from '@shared/resource';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateResourceTitle } from '../api/update-resource-title';

interface EditTitleDialogProps {
  resource: Resource | null;
  onClose: () => void;
}

/** "Edit title" for the uploader or an admin: checked by the schema the server runs. */
export function EditTitleDialog({ resource, onClose }: EditTitleDialogProps) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string>();
  const update = useUpdateResourceTitle();
  const formId = 'edit-title-form';

  useEffect(() => {
    setTitle(resource?.title ?? '');
    setError(undefined);
  }, [resource]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!resource) return;
    const parsed = resourceUpdateSchema.safeParse({ title });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    update.mutate(
      { id: resource.id, title: parsed.data.title },
      {
        onSuccess: () => {
          toast.success(RESOURCE_MESSAGES.titleSaved, { id: 'edit-title' });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, RESOURCE_MESSAGES.titleSaveFailed, [400, 403, 404])),
      },
    );
  };

  return (
    <Dialog
      open={resource !== null}
      onClose={onClose}
      title="Edit title"
      description={resource ? <p>{`${resource.subject}, ${resource.originalName}`}</p> : undefined}
      body={
        <form id={formId} onSubmit={handleSubmit} noValidate className="mt-4">
          <FormField label="Title" error={error} hint="What tells this file apart from others of the subject: units, topics, the exam.">
            {(control) => (
              <Input
                {...control}
                name="title"
                value={title}
                maxLength={TITLE_MAX_LENGTH}
                autoComplete="off"
                disabled={update.isPending}
                onChange={(event) => {
                  setTitle(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
        </form>
      }
    >
      <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save title'}
      </Button>
    </Dialog>
  );
}
