import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Resource } from '@shared/resource';
import { RESOURCE_MESSAGES } from '@shared/resource';
import { HIGHLIGHT_PARAM, LEGACY_PREVIEW_PAGE_PARAM, PREVIEW_PAGE_PARAM } from '@shared/search';
import { addressIsStill, addressStillHas } from '../../../lib/address';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useResource } from '../api/get-resource';
import { resourceKeys } from '../../../lib/query-keys';

const PREVIEW_PARAM = 'preview';
/** A question of the paper to outline (the question bank's "open on its page"). */
const QUESTION_PARAM = 'question';
/** The address parameters of an open preview. */
export const PREVIEW_PARAMS = [PREVIEW_PARAM, PREVIEW_PAGE_PARAM, LEGACY_PREVIEW_PAGE_PARAM, HIGHLIGHT_PARAM, QUESTION_PARAM] as const;

/**
 * The preview on screen: which resource, for a search hit its page and the words to highlight,
 * for a question its page and its id (its region is outlined).
 */
export interface PreviewTarget {
  resource: Resource;
  page?: number;
  terms?: readonly string[];
  question?: string;
}

/** Marks a history entry this page added for a preview, so closing it can go back to the one before. */
interface PreviewState {
  previewOpened?: boolean;
}

/**
 * The preview lives in the address: /filter-resources?preview=id (links from /my-requests),
 * &page=N for the page on screen (kept up to date while reading, so the address can be shared),
 * and for a search hit &highlight=w1+w2. Older links saying previewPage=N still open on that page. Opening a preview adds a history entry, so the browser's Back closes it and
 * the list behind is where it was; the close button goes back to that entry too, and a preview
 * that came from a link (no entry of ours) is closed by replacing the address without it.
 */
export function useLinkedPreview() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = params.get(PREVIEW_PARAM);
  const linked = useResource(id);
  const pageParam = params.get(PREVIEW_PAGE_PARAM) ?? params.get(LEGACY_PREVIEW_PAGE_PARAM);
  const highlightParam = params.get(HIGHLIGHT_PARAM);
  const questionParam = params.get(QUESTION_PARAM);

  useEffect(() => {
    if (linked.isError) toast.error(errorMessage(linked.error, RESOURCE_MESSAGES.pdfLoadFailed, [404]), { id: 'preview' });
  }, [linked.isError, linked.error]);

  const target = useMemo<PreviewTarget | null>(() => {
    const resource = id && linked.data?.resource.id === id ? linked.data.resource : null;
    if (!resource) return null;
    const page = Number.parseInt(pageParam ?? '', 10);
    const terms = (highlightParam ?? '').split(/\s+/).filter(Boolean);
    return { resource, page: page > 0 ? page : undefined, terms: terms.length ? terms : undefined, question: questionParam ?? undefined };
  }, [id, linked.data, pageParam, highlightParam, questionParam]);

  const open = useCallback(
    (resource: Resource, hit?: { page: number; terms: readonly string[]; question?: string }) => {
      // The card already holds the resource: the preview opens without asking the server again.
      queryClient.setQueryData(resourceKeys.one(resource.id), { resource });
      const next = new URLSearchParams(params);
      for (const key of PREVIEW_PARAMS) next.delete(key);
      next.set(PREVIEW_PARAM, resource.id);
      if (hit && hit.page > 0) next.set(PREVIEW_PAGE_PARAM, String(hit.page));
      if (hit && hit.terms.length) next.set(HIGHLIGHT_PARAM, hit.terms.join(' '));
      if (hit?.question) next.set(QUESTION_PARAM, hit.question);
      setParams(next, { state: { previewOpened: true } satisfies PreviewState, preventScrollReset: true });
    },
    [params, setParams, queryClient],
  );

  const close = useCallback(() => {
    if (!params.has(PREVIEW_PARAM)) return;
    if ((location.state as PreviewState | null)?.previewOpened) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    for (const key of PREVIEW_PARAMS) next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
  }, [params, location.state, navigate, setParams]);

  /** Follows the page being read, in place (no history entry per page); page 1 is left out. */
  const showPage = useCallback(
    (page: number) => {
      // A page reported as the preview closes comes with the parameters from before the close.
      if (!addressIsStill(location) || !addressStillHas(PREVIEW_PARAM, params.get(PREVIEW_PARAM))) return;
      const next = new URLSearchParams(params);
      next.delete(LEGACY_PREVIEW_PAGE_PARAM);
      if (page > 1) next.set(PREVIEW_PAGE_PARAM, String(page));
      else next.delete(PREVIEW_PAGE_PARAM);
      // The page opened on is already in the address: no navigation for nothing.
      if (next.toString() === params.toString()) return;
      setParams(next, { replace: true, preventScrollReset: true, state: location.state });
    },
    [params, setParams, location],
  );

  return { target, open, close, showPage };
}
