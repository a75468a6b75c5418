import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { RESOURCE_MESSAGES, TITLE_MAX_LENGTH, resourceUpdateSchema, type Resource, type ResourceUpdate } from '@shared/resource';
import type { z } from '@shared/zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateResourceTitle } from '../api/update-resource-title';

type TitleValues = z.input<typeof resourceUpdateSchema>;
const resolver = zodResolver(resourceUpdateSchema);

interface EditTitleDialogProps {
  resource: Resource | null;
  onClose: () => void;
}

/** "Edit title" for the uploader or an admin: checked by the schema the server runs. */
export function EditTitleDialog({ resource, onClose }: EditTitleDialogProps) {
  // Checked on submit; typing clears the message until the next submit.
  const form = useForm<TitleValues, unknown, ResourceUpdate>({ resolver, defaultValues: { title: '' }, reValidateMode: 'onSubmit' });
  const update = useUpdateResourceTitle();
  const formId = 'edit-title-form';

  // Each resource opened starts from its own title, without the last one's message.
  useEffect(() => {
    form.reset({ title: resource?.title ?? '' });
  }, [form, resource]);

  const onSubmit = ({ title }: ResourceUpdate) => {
    if (!resource) return;
    update.mutate(
      { id: resource.id, title },
      {
        onSuccess: () => {
          toast.success(RESOURCE_MESSAGES.titleSaved, { id: 'edit-title' });
          onClose();
        },
        onError: (failure) =>
          form.setError('title', { type: 'server', message: errorMessage(failure, RESOURCE_MESSAGES.titleSaveFailed, [400, 403, 404]) }),
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
        <form id={formId} onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} noValidate className="mt-4">
          <FormField
            label="Title"
            error={form.formState.errors.title?.message}
            hint="What tells this file apart from others of the subject: units, topics, the exam."
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('title', { onChange: () => form.clearErrors('title') })}
                maxLength={TITLE_MAX_LENGTH}
                autoComplete="off"
                disabled={update.isPending}
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
