import {
  CreateTagRequest,
  DeleteTagQuery,
  TagResponse,
  TagsQuery,
  TagsResponse,
  UpdateTagRequest,
} from '../../contracts/api/catalogue';
import { isStaffRole } from '../../contracts/entities';
import { AppError } from '../http/errors';
import type { UserRow } from '../users/repository';
import { createTag, deleteTag, listTags, updateTag } from '../tags/repository';
import type { App } from '../http/app-type';

/** Staff roles (teacher, staff, admin) who are not blocked: the tag editors. */
function requireStaff(user: UserRow): void {
  if (!isStaffRole(user.role)) throw new AppError('forbidden', 'Staff roles only');
}

/** Tags: everyone signed in reads, staff roles write. */
export async function tagRoutes(app: App): Promise<void> {
  app.get(
    '/v1/tag',
    { schema: { querystring: TagsQuery, response: { 200: TagsResponse } } },
    async (req) => {
      await app.auth.require(req);
      return { items: await listTags(app.db, req.query.type) };
    },
  );

  app.post(
    '/v1/tag',
    { schema: { body: CreateTagRequest, response: { 200: TagResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      requireStaff(user);
      return { item: await createTag(app.db, req.body) };
    },
  );

  app.put(
    '/v1/tag',
    { schema: { body: UpdateTagRequest, response: { 200: TagResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      requireStaff(user);
      const tag = await updateTag(app.db, req.body);
      if (!tag) throw new AppError('notFound', 'No such tag');
      return { item: tag };
    },
  );

  app.delete(
    '/v1/tag',
    { schema: { querystring: DeleteTagQuery, response: { 200: TagResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      requireStaff(user);
      const tag = await deleteTag(app.db, req.query.id);
      if (!tag) throw new AppError('notFound', 'No such tag');
      return { item: tag };
    },
  );
}
