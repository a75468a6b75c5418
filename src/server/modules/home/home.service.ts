import type { SessionUser } from '../../../shared/account.js';
import { HOME_SECTION_SIZE, termStart, type HomeResponse } from '../../../shared/home.js';
import type { Config } from '../../config.js';
import type { SemesterCheckService } from '../accounts/semester-check.service.js';
import type { RequestService } from '../requests/request.service.js';
import { presentResource } from '../resources/resource.presenter.js';
import type { ResourceFilter, ResourceRepository } from '../resources/resource.repository.js';
import type { ResourceService } from '../resources/resource.service.js';
import { viewerOf } from '../resources/viewer.js';

/**
 * What a student opens every day: their own class (branch and semester from the profile), its
 * newest papers, those downloaded most this term, and the requests they are waiting on. Admins,
 * who have no class, see the whole library.
 */
export class HomeService {
  constructor(
    private readonly resources: ResourceService,
    private readonly repository: ResourceRepository,
    private readonly requests: RequestService,
    private readonly semesterCheck: SemesterCheckService,
    private readonly calendar: Config['termCalendar'],
  ) {}

  async forUser(user: SessionUser, now = this.calendar.today()): Promise<HomeResponse> {
    const klass = user.role === 'ADMIN' || !user.semester ? null : { branch: user.branch, semester: user.semester };
    const filter: ResourceFilter & { branch?: string; semester?: number } = klass ? { branch: klass.branch, semester: klass.semester } : {};
    const since = termStart(now, this.calendar.startMonths);
    const viewer = viewerOf(user);
    const [newest, ranked, mine, semesterCheck] = await Promise.all([
      this.resources.list(user, { branch: filter.branch, semester: filter.semester, sort: 'newest', page: 1, pageSize: HOME_SECTION_SIZE }),
      this.repository.mostDownloadedSince(filter, since, HOME_SECTION_SIZE),
      this.requests.mine(user),
      this.semesterCheck.due(user.id),
    ]);
    const rows = await this.repository.findManyByIds(ranked.map((r) => r.id), viewer.seesUploaderNames);
    const counts = new Map(ranked.map((r) => [r.id, r.downloads]));
    return {
      class: klass,
      termStart: since,
      total: newest.total,
      newest: newest.resources,
      popular: rows.map((row) => ({ ...presentResource(row, viewer), termDownloads: counts.get(row.id) ?? 0 })),
      openRequests: mine.filter((request) => request.status === 'open'),
      semesterCheck,
    };
  }
}
