import type { SessionUser } from '../shared/account.js';
import type { ReportService } from '../server/modules/reports/report.service.js';

/** Two reports from the demo student, one already being looked at, so the admin inbox has work. */
export async function seedDemoReports(reports: ReportService, student: SessionUser, admin: SessionUser): Promise<number> {
  await reports.create(student, {
    fields: {
      issueType: 'missing-content',
      title: 'Operating Systems notes stop after unit 3',
      description: 'The CSE semester 4 Operating Systems notes end at unit 3; units 4 and 5 (memory and file systems) are missing.',
      priority: 'medium',
      email: student.email,
    },
  });
  const slow = await reports.create(student, {
    fields: {
      issueType: 'bug',
      title: 'Preview is slow on the hostel Wi-Fi',
      description: 'Opening a 15-page PDF takes about a minute on the hostel network in the evening; downloading it is faster.',
      priority: 'low',
      email: student.email,
    },
  });
  await reports.setStatus(admin, slow.id, 'in_progress');
  return 2;
}
