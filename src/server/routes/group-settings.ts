import {
  AddGroupMemberRequest,
  AddGroupMemberResponse,
  CreateGroupRequest,
  GroupCandidatesResponse,
  GroupIdParams,
  GroupResponse,
  SchoolSignInRequest,
  SchoolSignInResponse,
} from '../../contracts/api/groups';
import { FeedbackApprovalRequest, FeedbackApprovalResponse } from '../../contracts/api/screening';
import {
  APPROVAL_RULES,
  createClass,
  groupApproval,
  groupCandidates,
  placePupil,
  setGroupApproval,
  type ApprovalRule,
} from '../users/groups';
import { toGroup } from '../users/repository';
import { schoolSignIn, setSchoolSignIn } from '../users/school-sign-in';
import type { App } from '../http/app-type';

/**
 * Group settings staff change from the settings page's group pane (issue 8): "approve all
 * feedback first"; issue 26: "approve every picture first" (same request and answer shape). Staff roles of the group (or a group above it) and the school's admin;
 * another school's group answers like a missing one; pupils get 403.
 *
 * Issue 24, classes: make a class under a managed group, put a pupil of the same school in a
 * class, move a pupil from one managed class to another. These are strictly within the caller's
 * own school (provider roles included): any other school's group or pupil answers 404.
 */
export async function groupSettingsRoutes(app: App): Promise<void> {
  for (const rule of Object.keys(APPROVAL_RULES) as ApprovalRule[]) {
    app.get(
      `/v1/group/:id/${rule}`,
      { schema: { params: GroupIdParams, response: { 200: FeedbackApprovalResponse } } },
      async (req) => {
        const { user } = await app.auth.require(req);
        const scope = await app.permissions.subject(user);
        return { item: await groupApproval(app.db, scope, req.params.id, rule) };
      },
    );

    app.put(
      `/v1/group/:id/${rule}`,
      {
        schema: {
          params: GroupIdParams,
          body: FeedbackApprovalRequest,
          response: { 200: FeedbackApprovalResponse },
        },
      },
      async (req) => {
        const { user } = await app.auth.require(req);
        const scope = await app.permissions.subject(user);
        const { enabled } = req.body;
        return { item: await setGroupApproval(app.db, scope, req.params.id, rule, enabled) };
      },
    );
  }

  // Issue 30: the group's members sign in with the school's Google or Microsoft accounts, by a
  // roster of addresses or the school's domain (users/school-sign-in.ts).
  app.get(
    '/v1/group/:id/signIn',
    { schema: { params: GroupIdParams, response: { 200: SchoolSignInResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      return { item: await schoolSignIn(app.db, scope, req.params.id) };
    },
  );

  app.put(
    '/v1/group/:id/signIn',
    {
      schema: {
        params: GroupIdParams,
        body: SchoolSignInRequest,
        response: { 200: SchoolSignInResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      return { item: await setSchoolSignIn(app.db, scope, req.params.id, req.body) };
    },
  );

  app.post(
    '/v1/group',
    { schema: { body: CreateGroupRequest, response: { 200: GroupResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      const row = await createClass(app.db, scope, req.body.parentId, req.body.name);
      return { item: toGroup(row) };
    },
  );

  app.get(
    '/v1/group/:id/candidates',
    { schema: { params: GroupIdParams, response: { 200: GroupCandidatesResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      return { items: await groupCandidates(app.db, scope, req.params.id) };
    },
  );

  app.post(
    '/v1/group/:id/members',
    {
      schema: {
        params: GroupIdParams,
        body: AddGroupMemberRequest,
        response: { 200: AddGroupMemberResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      return placePupil(app.db, scope, req.params.id, req.body.userId, req.body.fromGroupId);
    },
  );
}
