import type { Migration, MigrationProvider } from 'kysely/migration';
import { initial } from './0001-initial';
import { rooms } from './0002-rooms';
import { profile } from './0003-profile';
import { feedback } from './0004-feedback';
import { outputs } from './0005-outputs';
import { reports } from './0006-reports';
import { commentWalls } from './0007-comment-walls';
import { signIn } from './0008-sign-in';
import { screening } from './0009-screening';
import { contentLanguages } from './0010-content-languages';
import { homeReads } from './0011-home-reads';
import { olderService } from './0012-older-service';
import { push } from './0014-push';
import { studio } from './0015-studio';
import { studioImages } from './0016-studio-images';
import { staffAdmin } from './0017-staff-admin';
import { outputUploads } from './0018-output-uploads';
import { safeguarding } from './0019-safeguarding';
import { takedown } from './0020-takedown';
import { pictureScreening } from './0021-picture-screening';
import { schoolSignIn } from './0022-school-sign-in';

/**
 * Every migration, in order, compiled into the server (no files read at runtime, so the same
 * list runs from tsx, from a bundle and in tests). Names sort in run order; never rename one.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-rooms': rooms,
  '0003-profile': profile,
  '0004-feedback': feedback,
  '0005-outputs': outputs,
  '0006-reports': reports,
  '0007-comment-walls': commentWalls,
  '0008-sign-in': signIn,
  '0009-screening': screening,
  '0010-content-languages': contentLanguages,
  '0011-home-reads': homeReads,
  '0012-older-service': olderService,
  '0014-push': push,
  '0015-studio': studio,
  '0016-studio-images': studioImages,
  '0017-staff-admin': staffAdmin,
  '0018-output-uploads': outputUploads,
  '0019-safeguarding': safeguarding,
  '0020-takedown': takedown,
  '0021-picture-screening': pictureScreening,
  '0022-school-sign-in': schoolSignIn,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...MIGRATIONS }),
};
