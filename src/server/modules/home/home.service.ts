import type { SessionUser } from '../../../shared/account.js';
import { HOME_SECTION_SIZE, termStart, type HomeResponse } from '../../../shared/home.js';
import type { RequestService } from '../requests/request.service.js';
import type { ResourceList } from '../resources/resource-list.js';
import { viewerOf } from '../resources/viewer.js';

/**
 * What a student opens every day: their own class (branch and semester from the profile), its
 * newest papers, those downloaded most this term, and the requests they are waiting on. Admins,
 * who have no class, see the whole library.
 */
export class HomeService {
  constructor(
    private readonly lists: ResourceList,
    private readonly requests: RequestService,
  ) {}

  async forUser(user: SessionUser, now = new Date()): Promise<HomeResponse> {
    const klass = user.role === 'ADMIN' || !user.semester ? null : { branch: user.branch, semester: user.semester };
    const filter = klass ? { branch: klass.branch, semester: klass.semester } : {};
    const since = termStart(now);
    const viewer = viewerOf(user);
    const [newest, popular, mine] = await Promise.all([
      this.lists.list(viewer, { ...filter, sort: 'newest', page: 1, pageSize: HOME_SECTION_SIZE }),
      this.lists.popular(viewer, filter, since, HOME_SECTION_SIZE),
      this.requests.mine(user),
    ]);
    return {
      class: klass,
      termStart: since,
      total: newest.total,
      newest: newest.resources,
      popular,
      openRequests: mine.filter((request) => request.status === 'open'),
    };
  }
}
