import {
  MyUnitOutputsQuery,
  MyUnitOutputsResponse,
  UnitIdParams,
  UnitResponse,
} from '../../contracts/api/catalogue';
import { keepConcern } from '../safeguarding/concerns';
import {
  CreateInquiryProjectRequest,
  InquiryProjectParams,
  InquiryProjectResponse,
  InquiryProjectsQuery,
  InquiryProjectsResponse,
  PinnedSlidesResponse,
} from '../../contracts/api/projects';
import { AppError } from '../http/errors';
import { refuseScreened } from '../moderation/refuse';
import {
  createProject,
  findProject,
  listOwnUnitOutputs,
  listPinnedSlides,
  listProjects,
  listUnitOutputs,
  mayCreateProject,
} from '../projects/repository';
import type { App } from '../http/app-type';

/**
 * Inquiry projects and their slides (unit outputs). A project is visible to its owner and to
 * users of the owner's school (and to provider staff); anyone else gets the same 404 as for a
 * project that does not exist.
 */
export async function projectRoutes(app: App): Promise<void> {
  app.get(
    '/v1/inquiryProjects',
    { schema: { querystring: InquiryProjectsQuery, response: { 200: InquiryProjectsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const { isMe = false, isTrashed = false, orderBy = 'updatedAt' } = req.query;
      const scope = await app.permissions.subject(user);
      return { items: await listProjects(app.db, scope, user, { isMe, isTrashed, orderBy }) };
    },
  );

  app.get(
    '/v1/inquiryProjects/pinnedSlides',
    { schema: { response: { 200: PinnedSlidesResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return { items: await listPinnedSlides(app.db, await app.permissions.subject(user), user) };
    },
  );

  app.get(
    '/v1/inquiryProject/:id',
    { schema: { params: InquiryProjectParams, response: { 200: InquiryProjectResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      const item = await findProject(app.db, scope, user, req.params.id);
      if (!item) throw new AppError('notFound', 'Project not found');
      return { item };
    },
  );

  app.post(
    '/v1/inquiryProject',
    { schema: { body: CreateInquiryProjectRequest, response: { 200: InquiryProjectResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      if (!(await mayCreateProject(app.db, user))) {
        throw new AppError('forbidden', 'Projects are not available for this account');
      }
      // A project name is a short label with no review: refused like a display name (issue 8).
      await keepConcern(app.db, user.id, 'projectName', [req.body.name]);
      refuseScreened(req.body.name, 'name');
      const scope = await app.permissions.subject(user);
      const item = await createProject(app.db, scope, user, req.body.name);
      if (!item) throw new AppError('internal', 'Project could not be read back');
      return { item };
    },
  );

  app.get(
    '/v1/me/unitOutputs',
    { schema: { querystring: MyUnitOutputsQuery, response: { 200: MyUnitOutputsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      return {
        items: await listOwnUnitOutputs(app.db, scope, user, {
          violatedOnly: req.query.isViolated === true,
        }),
      };
    },
  );

  app.get(
    '/v1/units/:id',
    { schema: { params: UnitIdParams, response: { 200: UnitResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      const items = await listUnitOutputs(app.db, scope, user, req.params.id);
      if (items.length === 0) throw new AppError('notFound', 'No such unit');
      return { items };
    },
  );
}
